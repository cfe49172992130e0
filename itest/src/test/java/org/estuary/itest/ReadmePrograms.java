package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import net.jini.core.lease.Lease;

import org.estuary.client.EstuaryClient;

/**
 * The example programs of the READMEs, compiled from the READMEs themselves and run in a JVM of their own with a
 * class path the test chooses, so a documented example cannot drift from what works.
 */
final class ReadmePrograms {

    private ReadmePrograms() {
    }

    /** The API jar, then the client's {@code remote} classifier jar: the two jars a plain Java client needs. */
    static List<Path> estuaryClientJars() throws Exception {
        Path clientJar = jarOf(EstuaryClient.class);
        Path remote = clientJar.resolveSibling(clientJar.getFileName().toString().replace(".jar", "-remote.jar"));
        assertTrue("the remote classifier jar is next to the client jar: " + remote, Files.isRegularFile(remote));
        return List.of(jarOf(Lease.class), remote);
    }

    /**
     * Compiles the java block of {@code readme} that declares {@code className} against {@code classPath}, runs it
     * with exactly that class path (plus its own classes) and {@code args}, and returns its output; fails unless it
     * exits with 0 within 120 s.
     */
    static String compileAndRun(Path readme, String className, List<Path> classPath, String... args)
            throws Exception {
        String path = classPath.stream().map(Path::toString)
                .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
        Path work = Path.of("target", "readme-programs", className + "-" + System.nanoTime()).toAbsolutePath();
        Files.createDirectories(work);
        Path source = work.resolve(className + ".java");
        Files.writeString(source, example(readme, className));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull("a JDK compiler", javac);
        assertEquals("the README example compiles against " + path, 0,
                javac.run(null, null, null, "-cp", path, "-d", work.toString(), source.toString()));

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", path + File.pathSeparator + work, className));
        command.addAll(List.of(args));
        Path log = work.resolve("output.txt");
        Process program = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue("the example did not finish within 120 s: " + Files.readString(log),
                    program.waitFor(120, TimeUnit.SECONDS));
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(output, 0, program.exitValue());
            return output;
        } finally {
            if (program.isAlive()) {
                program.destroyForcibly();
                program.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    static Path jarOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The java block of {@code readme} that declares {@code className}. */
    private static String example(Path readme, String className) throws Exception {
        Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(readme));
        while (block.find()) {
            if (block.group(1).contains("public final class " + className + " ")) {
                return block.group(1);
            }
        }
        throw new AssertionError("no java block declaring " + className + " in " + readme);
    }
}
