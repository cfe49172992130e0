package org.estuary.itest;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The bundle jars the build made: the checks that read what Estuary ships read them from here. */
final class BuiltBundles {

    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    private BuiltBundles() {
    }

    /**
     * One built jar per module of bundles/pom.xml, so a new bundle is checked without editing a test; a missing
     * jar fails, since that bundle would go unchecked.
     */
    static List<Path> jars() throws IOException {
        Path bundles = Path.of(System.getProperty("estuary.bundles", "../bundles"));
        String version = System.getProperty("estuary.version");
        assertNotNull("estuary.version is set by the build", version);
        List<Path> jars = new ArrayList<>();
        Matcher module = MODULE.matcher(Files.readString(bundles.resolve("pom.xml")));
        while (module.find()) {
            String name = module.group(1).trim();
            Path jar = bundles.resolve(name).resolve("target").resolve(name + "-" + version + ".jar");
            assertTrue(jar + " is missing: build the bundles before the integration tests", Files.isRegularFile(jar));
            jars.add(jar);
        }
        assertFalse("no module in " + bundles.resolve("pom.xml").toAbsolutePath(), jars.isEmpty());
        return jars;
    }
}
