package org.estuary.discovery.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * Runs a test class in a child JVM inside a network namespace of its own ({@code unshare -rn}), whose loopback
 * interface carries multicast (route 224.0.0.0/4 on lo), so multicast tests never send a packet onto a real
 * network. The namespace goes away with the child. The child's classes are in the system property
 * {@value #IN_NAMESPACE} and enabled only there.
 */
public final class NetworkNamespace {

    /** Set to {@code true} in the child JVM; multicast test classes are enabled only when it is. */
    public static final String IN_NAMESPACE = "estuary.test.netns";

    private NetworkNamespace() {
    }

    /** The settings multicast tests use: the published defaults on the namespace's loopback interface. */
    public static DiscoverySettings settings() throws IOException {
        DiscoverySettings d = DiscoverySettings.defaults();
        return new DiscoverySettings(NetworkInterface.getByName("lo"), 1, d.requestAddress(),
                d.announcementAddress(), d.multicastPort(), d.requestCount(), d.requestIntervalMillis(),
                d.announcementIntervalMillis(), d.missedAnnouncements(), 10_000, d.maxPacketSize());
    }

    /**
     * Runs the test class in the namespace and fails with the child's report unless all its tests pass.
     *
     * @param testClass the class to run
     */
    public static void run(Class<?> testClass) throws Exception {
        Path out = Files.createTempFile("netns-" + testClass.getSimpleName(), ".log");
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            String script = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"
                    + " && exec \"$0\" \"$@\"";
            Process p = new ProcessBuilder(List.of("unshare", "-rn", "sh", "-c", script, java,
                    "-D" + IN_NAMESPACE + "=true", "-cp", System.getProperty("java.class.path"),
                    NetworkNamespace.class.getName(), testClass.getName()))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
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
