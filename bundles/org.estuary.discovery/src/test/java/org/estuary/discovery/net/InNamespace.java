package org.estuary.discovery.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs a test class in a child JVM inside a {@link NetworkNamespace} of its own, so multicast tests never send a
 * packet onto a real network; the namespace is deleted after the child. The child's classes are enabled only where
 * the system property {@value #IN_NAMESPACE} is set.
 */
public final class InNamespace {

    /** Set to {@code true} in the child JVM; multicast test classes are enabled only when it is. */
    public static final String IN_NAMESPACE = "estuary.test.netns";

    private InNamespace() {
    }

    /**
     * Runs the test class in a new namespace and fails with the child's report unless all its tests pass.
     *
     * @param testClass the class to run
     */
    public static void run(Class<?> testClass) throws Exception {
        Path out = Files.createTempFile("netns-" + testClass.getSimpleName(), ".log");
        try (NetworkNamespace netns = NetworkNamespace.create("estuary-test")) {
            List<String> command = new ArrayList<>(netns.command());
            command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-D" + IN_NAMESPACE + "=true", "-cp", System.getProperty("java.class.path"),
                    InNamespace.class.getName(), testClass.getName()));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            String report = Files.readString(out, StandardCharsets.UTF_8);
            System.out.println(report);
            assertEquals(0, p.exitValue(), testClass.getSimpleName() + " in a network namespace:\n" + report);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * The child: runs the named test class and exits with 0 only if every test ran and passed.
     *
     * @param args the test class name
     */
    public static void main(String[] args) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(args[0])).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        TestExecutionSummary summary = listener.getSummary();
        summary.printTo(new java.io.PrintWriter(System.out, true));
        summary.printFailuresTo(new java.io.PrintWriter(System.out, true), 20);
        boolean ok = summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() > 0
                && summary.getTestsSkippedCount() == 0 && summary.getTestsAbortedCount() == 0;
        System.exit(ok ? 0 : 1);
    }
}
