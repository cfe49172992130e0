package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.estuary.api.test.ClassFileInfo;
import org.estuary.api.test.TypeRoles;
import org.junit.Test;

/**
 * STYLE.md 2 and 3, checked on what the build ships: for every Estuary bundle (each module of bundles/pom.xml,
 * so a new bundle is checked without editing this test), every package its Export-Package header names
 * has a package-info whose {@code @Version} is the exported version, and every public top-level type in it
 * declares its role with {@code @ProviderType} or {@code @ConsumerType} ({@link TypeRoles}, the rule the API
 * bundle's own test applies). The jars are read as built, so the check sees exactly the exports bnd computed.
 */
public class ExportedTypeRolesIT {

    private static final String VERSION = "Lorg/osgi/annotation/versioning/Version;";

    @Test
    public void everyExportedTypeOfEveryBundleDeclaresWhoImplementsIt() throws IOException {
        List<String> problems = new ArrayList<>();
        int types = 0;
        int packages = 0;
        for (Path jar : BuiltBundles.jars()) {
            try (JarFile bundle = new JarFile(jar.toFile())) {
                Map<String, String> exports = ExportPackage.parse(
                        bundle.getManifest().getMainAttributes().getValue("Export-Package"));
                for (Map.Entry<String, String> export : exports.entrySet()) {
                    packages++;
                    String dir = export.getKey().replace('.', '/') + "/";
                    ClassFileInfo packageInfo = read(bundle, dir + "package-info.class");
                    if (packageInfo == null || packageInfo.invisible(VERSION) == null) {
                        problems.add(jar.getFileName() + ": " + export.getKey() + " has no package-info with @Version");
                    } else if (!normalized(export.getValue()).equals(
                            normalized(String.valueOf(packageInfo.invisible(VERSION).values().get("value"))))) {
                        problems.add(jar.getFileName() + ": " + export.getKey() + " is exported at "
                                + export.getValue() + " but its package-info says "
                                + packageInfo.invisible(VERSION).values().get("value"));
                    }
                    for (String entry : classesDirectlyIn(bundle, dir)) {
                        ClassFileInfo type = read(bundle, entry);
                        if (TypeRoles.applies(type)) {
                            types++;
                            String problem = TypeRoles.problem(type);
                            if (problem != null) {
                                problems.add(jar.getFileName() + ": " + problem);
                            }
                        }
                    }
                }
            }
        }
        assertTrue("no exported package found in " + BuiltBundles.jars(), packages > 0);
        assertTrue("no exported type found", types > 0);
        assertEquals("exported types and packages breaking STYLE.md 2-3:\n" + String.join("\n", problems),
                List.of(), problems);
    }

    /** The header reader itself, on the shapes bnd writes: quoted attributes holding commas and semicolons. */
    @Test
    public void theExportPackageReaderSplitsOnlyBetweenClauses() {
        Map<String, String> parsed = ExportPackage.parse(
                "a.b;uses:=\"x.y,z\";version=\"1.2.0\",c;version=\"0.1.0\",d;e;version=2.0,f;uses:=\"g;h\"");
        assertEquals(Map.of("a.b", "1.2.0", "c", "0.1.0", "d", "2.0", "e", "2.0", "f", "0.0.0"), parsed);
        assertTrue(ExportPackage.parse(null).isEmpty());
    }

    /** An OSGi version with its omitted parts written out ("1.2" is "1.2.0"). */
    private static String normalized(String version) {
        String[] parts = version.split("\\.", 4);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.max(3, parts.length); i++) {
            out.append(i == 0 ? "" : ".").append(i < parts.length ? parts[i] : "0");
        }
        return out.toString();
    }

    private static List<String> classesDirectlyIn(JarFile jar, String dir) {
        List<String> names = new ArrayList<>();
        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
            String name = e.nextElement().getName();
            if (name.startsWith(dir) && name.endsWith(".class") && name.indexOf('/', dir.length()) < 0
                    && !name.endsWith("/package-info.class") && !name.endsWith("/module-info.class")) {
                names.add(name);
            }
        }
        return names;
    }

    private static ClassFileInfo read(JarFile jar, String entry) throws IOException {
        JarEntry found = jar.getJarEntry(entry);
        if (found == null) {
            return null;
        }
        try (InputStream in = jar.getInputStream(found)) {
            return ClassFileInfo.read(in.readAllBytes());
        }
    }

    /** The package names and versions of an OSGi Export-Package header (OSGi Core 3.6.5). */
    static final class ExportPackage {

        private ExportPackage() {
        }

        static Map<String, String> parse(String header) {
            Map<String, String> result = new LinkedHashMap<>();
            if (header == null) {
                return result;
            }
            for (String clause : split(header, ',')) {
                List<String> names = new ArrayList<>();
                String version = "0.0.0";
                for (String part : split(clause, ';')) {
                    String p = part.trim();
                    int eq = p.indexOf('=');
                    if (eq < 0) {
                        names.add(p);
                    } else if (p.substring(0, eq).trim().equals("version")) {
                        version = p.substring(eq + 1).trim().replace("\"", "");
                    }
                }
                for (String name : names) {
                    result.put(name, version);
                }
            }
            return result;
        }

        /** Splits on the separator outside double quotes. */
        private static List<String> split(String text, char separator) {
            List<String> parts = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            boolean quoted = false;
            for (char c : text.toCharArray()) {
                if (c == '"') {
                    quoted = !quoted;
                }
                if (c == separator && !quoted) {
                    parts.add(current.toString());
                    current.setLength(0);
                } else {
                    current.append(c);
                }
            }
            parts.add(current.toString());
            return parts;
        }
    }
}
