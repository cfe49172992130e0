package org.estuary.api.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Checks the OSGi metadata every type and package of the API bundle must carry: semantic versioning of the
 * exported packages depends on each public type saying whether users implement it (ConsumerType) or only call it
 * (ProviderType), and on each package carrying its Export and Version annotations in its package-info.
 */
class ApiHygieneTest {

    private static final String PROVIDER_TYPE = TypeRoles.PROVIDER_TYPE;
    private static final String CONSUMER_TYPE = TypeRoles.CONSUMER_TYPE;
    private static final String VERSION = "Lorg/osgi/annotation/versioning/Version;";
    private static final String EXPORT = "Lorg/osgi/annotation/bundle/Export;";

    private static final Map<String, ApiPackages.ClassFile> CLASSES =
            ApiPackages.scan(ApiHygieneTest.class.getClassLoader());

    /** Every public top-level type carries exactly one of ProviderType and ConsumerType ({@link TypeRoles}). */
    @TestFactory
    Stream<DynamicTest> everyPublicTopLevelTypeDeclaresItsRole() {
        List<DynamicTest> tests = new ArrayList<>();
        for (ApiPackages.ClassFile file : CLASSES.values()) {
            if (file.isPackageInfo()) {
                continue;
            }
            ClassFileInfo info = parse(file);
            if (!TypeRoles.applies(info)) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(file.binaryName(), () -> {
                String problem = TypeRoles.problem(info);
                assertNull(problem, problem);
            }));
        }
        assertFalse(tests.isEmpty(), "no public top-level type found in " + ApiPackages.PACKAGES);
        return tests.stream();
    }

    /** Every one of the ten packages has a package-info annotated with Export and a semantic Version. */
    @TestFactory
    Stream<DynamicTest> everyPackageIsExportedWithAVersion() {
        return ApiPackages.PACKAGES.stream().map(pkg -> DynamicTest.dynamicTest(pkg, () -> {
            ApiPackages.ClassFile file = CLASSES.get(pkg.replace('/', '.') + ".package-info");
            assertNotNull(file, pkg + " has no package-info class");
            ClassFileInfo info = parse(file);
            assertNotNull(info.invisible(EXPORT), pkg + "/package-info lacks @Export");
            ClassFileInfo.Annotation version = info.invisible(VERSION);
            assertNotNull(version, pkg + "/package-info lacks @Version");
            Object value = version.values().get("value");
            assertTrue(value instanceof String s && s.matches("\\d+(\\.\\d+(\\.\\d+(\\.[\\w-]+)?)?)?"),
                    pkg + "/package-info @Version value is not an OSGi version: " + value);
        }));
    }

    /**
     * The reader itself: it must find the annotations of a class-retention annotated class and must not invent
     * them where there are none, and it must recognise a nested class. Uses this test's own classes.
     */
    @Test
    void classFileReaderFindsClassRetentionAnnotations() throws IOException {
        ClassFileInfo annotated = ClassFileInfo.read(bytesOf(AnnotatedSample.class));
        assertEquals("org/estuary/api/test/ApiHygieneTest$AnnotatedSample", annotated.thisClass);
        assertTrue(annotated.nested);
        assertNotNull(annotated.invisible(CONSUMER_TYPE));
        assertNull(annotated.invisible(PROVIDER_TYPE));

        ClassFileInfo plain = ClassFileInfo.read(bytesOf(ApiHygieneTest.class));
        assertFalse(plain.nested);
        assertNull(plain.invisible(CONSUMER_TYPE));
        assertNull(plain.invisible(PROVIDER_TYPE));
        assertTrue(plain.invisibleAnnotations.isEmpty());

        assertThrows(IOException.class, () -> ClassFileInfo.read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
    }

    /** The role rule itself: satisfied by one annotation, broken by none, and silent where it does not apply. */
    @Test
    void theRoleRuleFlagsAPublicTopLevelTypeWithoutARole() throws IOException {
        // TypeRoles is a public top-level test helper without either annotation: exactly what the rule rejects.
        String problem = TypeRoles.problem(ClassFileInfo.read(bytesOf(TypeRoles.class)));
        assertNotNull(problem);
        assertTrue(problem.contains("neither"), problem);
        // A nested type follows its enclosing type; a package-private one is not API.
        assertNull(TypeRoles.problem(ClassFileInfo.read(bytesOf(AnnotatedSample.class))));
        assertNull(TypeRoles.problem(ClassFileInfo.read(bytesOf(ApiHygieneTest.class))));
    }

    /** A class with a class-retention annotation, for the reader's own test. */
    @org.osgi.annotation.versioning.ConsumerType
    static final class AnnotatedSample {
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        String resource = c.getName().substring(c.getPackageName().length() + 1) + ".class";
        try (InputStream in = c.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            return in.readAllBytes();
        }
    }

    private static ClassFileInfo parse(ApiPackages.ClassFile file) {
        try {
            return ClassFileInfo.read(file.bytes());
        } catch (IOException e) {
            return fail("cannot read class file of " + file.binaryName(), e);
        }
    }
}
