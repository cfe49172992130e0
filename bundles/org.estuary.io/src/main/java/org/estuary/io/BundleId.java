package org.estuary.io;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The identity of a bundle as a class annotation carries it: Bundle-SymbolicName and Bundle-Version. The version
 * is kept in its canonical OSGi form ({@code 1} becomes {@code 1.0.0}), so that ids compare by value.
 *
 * @param symbolicName the bundle's symbolic name, without directives
 * @param version the bundle's version in canonical form {@code major.minor.micro[.qualifier]}
 */
@ProviderType
public record BundleId(String symbolicName, String version) implements Comparable<BundleId> {

    private static final String VERSION_ATTRIBUTE = ";version=";

    /**
     * Creates an id and canonicalizes the version.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the symbolic name is blank or has characters a symbolic name cannot
     *     have, or the version is not an OSGi version
     */
    public BundleId {
        Objects.requireNonNull(symbolicName, "symbolicName");
        Objects.requireNonNull(version, "version");
        if (!isSymbolicName(symbolicName)) {
            throw new IllegalArgumentException("not a bundle symbolic name: '" + symbolicName + "'");
        }
        version = Versions.canonical(version);
    }

    /**
     * Parses the form {@link #toString()} writes: {@code symbolic.name;version=1.2.3}.
     *
     * @throws NullPointerException if {@code text} is null
     * @throws IllegalArgumentException if {@code text} is not in that form
     */
    public static BundleId parse(String text) {
        Objects.requireNonNull(text, "text");
        int at = text.indexOf(VERSION_ATTRIBUTE);
        if (at <= 0) {
            throw new IllegalArgumentException("not a bundle id 'name;version=v': '" + text + "'");
        }
        return new BundleId(text.substring(0, at), text.substring(at + VERSION_ATTRIBUTE.length()));
    }

    /**
     * Compares the versions of two ids by OSGi rules (numbers numerically, then the qualifier as a string),
     * whatever their symbolic names.
     *
     * @throws NullPointerException if {@code other} is null
     */
    public int compareVersionTo(BundleId other) {
        return Versions.compare(version, other.version);
    }

    /** Orders by symbolic name, then by version. */
    @Override
    public int compareTo(BundleId other) {
        int byName = symbolicName.compareTo(other.symbolicName);
        return byName != 0 ? byName : compareVersionTo(other);
    }

    /** The annotation form, {@code symbolic.name;version=1.2.3}, which {@link #parse(String)} reads back. */
    @Override
    public String toString() {
        return symbolicName + VERSION_ATTRIBUTE + version;
    }

    // OSGi core 3.2.5: symbolic-name ::= token ('.' token)*, token ::= (alphanum | '_' | '-')+
    private static boolean isSymbolicName(String name) {
        if (name.isEmpty() || name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '-' || c == '.';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
