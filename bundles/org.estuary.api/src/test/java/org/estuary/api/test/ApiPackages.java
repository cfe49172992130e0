package org.estuary.api.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The ten packages of the API bundle and the class files they hold, found by scanning the compiled main
 * classes rather than by a hand-kept list, so that a class added later is checked without anyone editing a test.
 *
 * <p>The main classes are located through each package's {@code package-info.class}: only main sources carry a
 * package-info, so this finds {@code target/classes} (or the bundle jar) and never the test classes of the same
 * packages. A package whose package-info is missing is still scanned if another package's package-info shows
 * where the main classes are; {@link ApiHygieneTest} reports the missing package-info.
 */
final class ApiPackages {

    /** The packages the API bundle exports, as resource paths. */
    static final List<String> PACKAGES = List.of(
            "net/jini/core/lease",
            "net/jini/core/event",
            "net/jini/core/transaction",
            "net/jini/core/transaction/server",
            "net/jini/core/entry",
            "net/jini/core/discovery",
            "net/jini/core/lookup",
            "net/jini/lease",
            "net/jini/event",
            "net/jini/discovery");

    /** One class file of one of the packages. */
    record ClassFile(String packagePath, String binaryName, Path file) {
        byte[] bytes() {
            try {
                return Files.readAllBytes(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        boolean isPackageInfo() {
            return binaryName.endsWith(".package-info");
        }
    }

    private ApiPackages() {
    }

    /**
     * Returns every class file directly in one of the ten packages (not in sub-packages), keyed by binary name,
     * from the main class roots visible to {@code loader}.
     *
     * @throws IllegalStateException if no main class root can be found at all
     */
    static Map<String, ClassFile> scan(ClassLoader loader) {
        Set<Path> roots = mainRoots(loader);
        if (roots.isEmpty()) {
            throw new IllegalStateException("no package-info.class of the API packages " + PACKAGES
                    + " is visible to " + loader + ": cannot locate the compiled main classes");
        }
        Map<String, ClassFile> found = new TreeMap<>();
        for (Path root : roots) {
            for (String pkg : PACKAGES) {
                Path dir = root.resolve(pkg);
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".class")).forEach(f -> {
                        String simple = f.getFileName().toString();
                        simple = simple.substring(0, simple.length() - ".class".length());
                        String name = pkg.replace('/', '.') + "." + simple;
                        found.putIfAbsent(name, new ClassFile(pkg, name, f));
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return found;
    }

    /** The class path roots (directories or jar file systems) holding a package-info of one of the packages. */
    private static Set<Path> mainRoots(ClassLoader loader) {
        Set<Path> roots = new LinkedHashSet<>();
        for (String pkg : PACKAGES) {
            String resource = pkg + "/package-info.class";
            Enumeration<URL> urls;
            try {
                urls = loader.getResources(resource);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (URL url : Collections.list(urls)) {
                Path file = toPath(url);
                // Walk up one directory per path segment of the resource name to reach the root.
                Path root = file;
                for (int i = 0; i < resource.split("/").length; i++) {
                    root = root.getParent();
                }
                roots.add(root);
            }
        }
        return roots;
    }

    private static Path toPath(URL url) {
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                String spec = uri.toString();
                int sep = spec.indexOf("!/");
                URI jar = URI.create(spec.substring(0, sep));
                FileSystem fs;
                try {
                    fs = FileSystems.newFileSystem(jar, Map.of());
                } catch (FileSystemAlreadyExistsException e) {
                    fs = FileSystems.getFileSystem(jar);
                }
                return fs.getPath(spec.substring(sep + 1));
            }
            return Path.of(uri);
        } catch (URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot read class path entry " + url, e);
        }
    }
}
