package org.estuary.itest;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.estuary.discovery.net.NetworkNamespace;
import org.estuary.store.api.testing.LoopbackPorts;

/**
 * Apache River 2.2.3's lookup service, Reggie, as it ships (the {@code org.apache.river:reggie} jar), in a JVM of
 * its own started by River's {@code ServiceStarter} with a {@code NonActivatableServiceDescriptor} of a
 * configuration file this class writes. Everything listens on 127.0.0.1: unicast discovery on {@link #port}, no
 * multicast (no interfaces), remote calls on a loopback port. Stopped by PID.
 *
 * <p>Two things Reggie needs on Java 17 are compiled here from {@code src/test/reggie*} against River's jars:
 * <ul>
 * <li>its exporter, {@code JrmpLoopbackExporter}: Java RMI instead of River's JERI, whose runtime no Java 17 JVM
 * runs (bundles/org.estuary.client/README.md says why), and {@code LoopbackServerSocketFactory};</li>
 * <li>two stand-ins for types of {@code java.rmi.activation}, which Java 17 removed and {@code ServiceStarter}
 * names, patched into the module {@code java.rmi} of Reggie's JVM only.</li>
 * </ul>
 * Reggie grants a registration lease of at most {@link #MAX_LEASE_MS} ({@code minMaxServiceLease}), so a client
 * registration can only outlive it by being renewed again and again.
 */
final class ReggieProcess implements AutoCloseable {

    /** The longest lease Reggie grants a registration (its adaptive maximum never drops below it). */
    static final long MAX_LEASE_MS = 8_000; // leaves the renewal service 4 s to reach Reggie on a loaded host

    final int port;
    private final Process process;
    private final Path log;

    private final boolean inNamespace;

    private ReggieProcess(int port, Process process, Path log, boolean inNamespace) {
        this.inNamespace = inNamespace;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /** River's jars, copied by the build with their versions stripped (itest/pom.xml). */
    static Path river(String jar) {
        Path path = Path.of(System.getProperty("estuary.river.dir", "target/river"), jar + ".jar");
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("River's " + jar + " is not at " + path + ": run the build (mvn install)");
        }
        return path;
    }

    /** The URL a River client discovers it by (unicast discovery). */
    String locator() {
        return "jini://127.0.0.1:" + port;
    }

    static ReggieProcess start(Path work) throws IOException, InterruptedException {
        return start(work, null);
    }

    /**
     * Starts Reggie in the network namespace {@code netns} (made by {@link NetworkNamespace}) with multicast on its
     * loopback interface: it answers multicast requests and announces itself there, and nothing of it is reachable
     * from outside the namespace. Its programs run in the namespace too ({@link NetworkNamespace#command}).
     */
    static ReggieProcess startInNamespace(Path work, NetworkNamespace netns) throws IOException,
            InterruptedException {
        return start(work, netns);
    }

    private static ReggieProcess start(Path work, NetworkNamespace netns) throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path patch = compile(work.resolve("jdk17"), Path.of("src/test/reggie-jdk17"),
                List.of("--patch-module", "java.rmi=" + Path.of("src/test/reggie-jdk17").toAbsolutePath()));
        Path classes = compile(work.resolve("classes"), Path.of("src/test/reggie"),
                List.of("-cp", river("jsk-platform").toString()));

        int port = LoopbackPorts.free();
        Path policy = work.resolve("reggie.policy");
        // ServiceStarter runs a service under a security manager and a policy; this JVM runs nothing else.
        Files.writeString(policy, "grant {\n    permission java.security.AllPermission;\n};\n");
        Path reggieConfig = work.resolve("reggie.config");
        Files.writeString(reggieConfig, String.join("\n",
                "import java.net.NetworkInterface;",
                "import org.estuary.itest.reggie.JrmpLoopbackExporter;",
                "import org.estuary.itest.reggie.LoopbackServerSocketFactory;",
                "",
                "com.sun.jini.reggie {",
                "    initialMemberGroups = new String[] { };",
                "    initialUnicastDiscoveryPort = " + port + ";",
                "    unicastDiscoveryHost = \"127.0.0.1\";",
                netns == null ? "    multicastInterfaces = new NetworkInterface[] { };"
                        : "    multicastInterfaces = new NetworkInterface[] { NetworkInterface.getByName(\"lo\") };",
                "    serverSocketFactory = new LoopbackServerSocketFactory();",
                "    serverExporter = new JrmpLoopbackExporter();",
                "    minMaxServiceLease = " + MAX_LEASE_MS + "L;",
                "}", ""));
        String codebase = river("reggie-dl").toUri() + " " + river("jsk-dl").toUri();
        String classPath = river("reggie") + File.pathSeparator + river("jsk-lib");
        Path startConfig = work.resolve("start.config");
        Files.writeString(startConfig, String.join("\n",
                "import com.sun.jini.start.NonActivatableServiceDescriptor;",
                "import com.sun.jini.start.ServiceDescriptor;",
                "",
                "com.sun.jini.start {",
                "    serviceDescriptors = new ServiceDescriptor[] {",
                "        new NonActivatableServiceDescriptor(" + quoted(codebase) + ", " + quoted(policy.toString())
                        + ", " + quoted(classPath) + ",",
                "            \"com.sun.jini.reggie.TransientRegistrarImpl\",",
                "            new String[] { " + quoted(reggieConfig.toString()) + " })",
                "    };",
                "}", ""));

        List<String> command = new ArrayList<>(netns == null ? List.of() : netns.command());
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--patch-module", "java.rmi=" + patch,
                "--add-exports", "java.rmi/java.rmi.activation=ALL-UNNAMED",
                // River's PolicyFileProvider builds the JDK's policy file class by name
                "--add-exports", "java.base/sun.security.provider=ALL-UNNAMED",
                "-Djava.security.manager=allow",
                "-Djava.security.policy=" + policy,
                "-Djava.rmi.server.hostname=127.0.0.1",
                // ServiceStarter reads Reggie's proxy back through the codebase above
                "-Djava.rmi.server.useCodebaseOnly=false",
                "-cp", String.join(File.pathSeparator, river("start").toString(), river("jsk-platform").toString(),
                        river("jsk-resources").toString(), classes.toString()),
                "com.sun.jini.start.ServiceStarter", startConfig.toString()));
        Path log = work.resolve("reggie.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Processes.killWhenThisJvmDies(process);
        ReggieProcess reggie = new ReggieProcess(port, process, log, netns != null);
        try {
            if (!Processes.await(Duration.ofSeconds(60), () -> !process.isAlive() || reggie.listening())) {
                throw new AssertionError("Reggie did not listen on " + port + " within 60 s:\n" + reggie.log());
            }
            if (!process.isAlive()) {
                throw new AssertionError("Reggie exited with " + process.exitValue() + ":\n" + reggie.log());
            }
        } catch (RuntimeException | Error | InterruptedException e) {
            reggie.close();
            throw e;
        }
        return reggie;
    }

    /**
     * Whether Reggie has started ({@code ServiceStarter} reports a failure without exiting) and, outside a
     * namespace, accepts.
     */
    private boolean listening() {
        if (!log().contains("started Reggie")) {
            return false;
        }
        if (inNamespace) {
            return true; // its port is out of this JVM's reach; its programs retry
        }
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** Reggie's JVM's output so far. */
    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws InterruptedException {
        Processes.stop(process);
    }

    private static Path compile(Path into, Path sources, List<String> options) throws IOException {
        List<String> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString)
                    .collect(Collectors.toList());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("a JDK compiler is needed to build Reggie's helpers");
        }
        List<String> arguments = new ArrayList<>(options);
        arguments.addAll(List.of("-d", into.toString()));
        arguments.addAll(files);
        if (javac.run(null, null, null, arguments.toArray(new String[0])) != 0) {
            throw new IllegalStateException("could not compile " + sources);
        }
        return into;
    }

    /** A string literal of River's configuration language (the paths here have no quotes or backslashes). */
    private static String quoted(String value) {
        return "\"" + value + "\"";
    }
}
