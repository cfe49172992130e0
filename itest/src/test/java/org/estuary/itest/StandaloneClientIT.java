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
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Issue 5 item 3: a plain Java program with exactly two jars on its class path, the API jar and the client's
 * {@code remote} classifier jar, uses the lease renewal service of the booted distribution. The programs are the
 * examples of README.md and bundles/org.estuary.client/README.md, compiled from the READMEs themselves against the
 * same two jars, so the documented examples cannot drift from what works.
 */
public class StandaloneClientIT {

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class);

    @Test
    public void clientReadmeExampleRunsWithOnlyTheApiJarAndTheRemoteClientJar() throws Exception {
        String output = compileAndRun(Path.of("..", "bundles", "org.estuary.client", "README.md"), "RenewMyLeases",
                "127.0.0.1", Integer.toString(KARAF.get().registryPort));
        assertTrue(output, output.contains("renewed by the container"));
    }

    @Test
    public void rootReadmeExampleRunsWithOnlyTheApiJarAndTheRemoteClientJar() throws Exception {
        String output = compileAndRun(Path.of("..", "README.md"), "QuickStart",
                Integer.toString(KARAF.get().registryPort));
        assertTrue(output, output.contains("renewed until "));
    }

    /** Compiles the README's program against the two jars and runs it with exactly them; its output. */
    private static String compileAndRun(Path readme, String className, String... args) throws Exception {
        Path api = jarOf(Lease.class);
        Path clientJar = jarOf(EstuaryClient.class);
        Path remote = clientJar.resolveSibling(clientJar.getFileName().toString().replace(".jar", "-remote.jar"));
        assertTrue("the remote classifier jar is next to the client jar: " + remote, Files.isRegularFile(remote));
        String classPath = api + File.pathSeparator + remote;

        Path work = Path.of("target", "standalone-client", className).toAbsolutePath();
        Files.createDirectories(work);
        Path source = work.resolve(className + ".java");
        Files.writeString(source, example(readme, className));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull("a JDK compiler", javac);
        assertEquals("the README example compiles against the two jars", 0,
                javac.run(null, null, null, "-cp", classPath, "-d", work.toString(), source.toString()));

        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classPath + File.pathSeparator + work, className));
        command.addAll(List.of(args));
        Path log = work.resolve("output.txt");
        Process program = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertTrue("the example did not finish within 120 s", program.waitFor(120, TimeUnit.SECONDS));
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

    private static Path jarOf(Class<?> type) throws Exception {
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
