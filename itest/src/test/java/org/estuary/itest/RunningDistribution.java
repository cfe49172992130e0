package org.estuary.itest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.estuary.store.api.testing.LoopbackPorts;

/**
 * The distribution started as an operator starts it: the tar.gz unpacked, {@code bin/karaf server} run with
 * {@code ESTUARY_ADMIN_PASSWORD}, on free loopback ports so a running Estuary on the defaults does not interfere.
 */
final class RunningDistribution implements AutoCloseable {

    final Path home;
    final String password;
    final int httpPort;
    final int registryPort;
    /** Karaf's SSH server, and the private key of the user {@value #SSH_USER} it accepts (etc/keys.properties). */
    final int sshPort;
    final Path sshKey;
    final Process karaf;
    private final Launcher launcher;

    static final String SSH_USER = "itest";

    private RunningDistribution(Path home, String password, int httpPort, int registryPort, int sshPort,
            Path sshKey, Launcher launcher, Process karaf) {
        this.home = home;
        this.password = password;
        this.httpPort = httpPort;
        this.registryPort = registryPort;
        this.sshPort = sshPort;
        this.sshKey = sshKey;
        this.launcher = launcher;
        this.karaf = karaf;
    }

    static RunningDistribution start(String password) throws IOException, InterruptedException {
        return start(password, home -> { });
    }

    /** What an operator does to the unpacked distribution before its first start (files under {@code etc/}). */
    interface Setup {
        void apply(Path home) throws IOException;

        /** This setup, then {@code next}. */
        default Setup and(Setup next) {
            return home -> {
                apply(home);
                next.apply(home);
            };
        }
    }

    /**
     * The allowlist entry an operator adds for classes of their own (in etc/ before the first start):
     * {@code org.estuary.io.marshaller} {@code allowlist.extra} = {@code pattern}.
     */
    static Setup allowing(String pattern) {
        return home -> Files.writeString(home.resolve("etc/org.estuary.io.marshaller.config"),
                "allowlist.extra=[\"" + pattern + "\"]\n"); // Felix's typed format: the property is a list
    }

    /**
     * A client of this container that also reads the classes matching {@code pattern} (a client's own, or those the
     * container sends back), through an allowlist of its own.
     */
    org.estuary.client.EstuaryClient clientAllowing(String pattern) throws IOException {
        return org.estuary.client.EstuaryClient.connect("127.0.0.1", registryPort,
                org.estuary.remote.RemoteSettings.builder().filter(org.estuary.io.SerialFilter.defaults().toBuilder()
                        .allow(pattern).build()).build());
    }

    /** Installs and starts the bundle (a jar on this JVM's class path) that holds {@code type}. */
    void installBundleOf(Class<?> type) throws Exception {
        Path bundle = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!bundle.toString().endsWith(".jar")) {
            throw new AssertionError(type.getName() + " is not in a jar: " + bundle);
        }
        String installed = ssh("bundle:install -s " + bundle.toUri());
        if (!installed.contains("Bundle ID")) {
            throw new AssertionError("bundle:install of " + bundle + ": " + installed);
        }
    }

    /** How the prepared distribution is started: the command and its working directory for a Karaf home. */
    interface Launcher {
        ProcessBuilder command(Path home) throws IOException;
    }

    /** {@code bin/karaf server}, as a service manager starts the distribution. */
    static final Launcher SERVER = home -> new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
            .directory(home.toFile());

    /** Unpacks the distribution, applies {@code setup} to it and starts it with {@code bin/karaf server}. */
    static RunningDistribution start(String password, Setup setup) throws IOException, InterruptedException {
        return start(password, setup, SERVER);
    }

    /** Unpacks the distribution, applies {@code setup} to it and starts it with {@code launcher}. */
    static RunningDistribution start(String password, Setup setup, Launcher launcher)
            throws IOException, InterruptedException {
        return start(password, LoopbackPorts.free(), setup, launcher);
    }

    /**
     * Unpacks the distribution, binds its registry to {@code registryPort} (known before the start, as the other
     * containers of a failover pair name it in their settings), applies {@code setup} and starts it.
     */
    static RunningDistribution start(String password, int registryPort, Setup setup)
            throws IOException, InterruptedException {
        return start(password, registryPort, setup, SERVER);
    }

    private static RunningDistribution start(String password, int registryPort, Setup setup, Launcher launcher)
            throws IOException, InterruptedException {
        Path work = Path.of(System.getProperty("estuary.work", "target/work"), "run-" + System.nanoTime());
        Processes.untar(Path.of(System.getProperty("estuary.distribution")), work);
        Path home;
        try (var entries = Files.list(work)) {
            home = entries.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        int httpPort = LoopbackPorts.free();
        Processes.setProperty(home.resolve("etc/org.ops4j.pax.web.cfg"), "org.osgi.service.http.port",
                Integer.toString(httpPort));
        int sshPort = LoopbackPorts.free();
        Processes.setProperty(home.resolve("etc/org.apache.karaf.shell.cfg"), "sshPort", Integer.toString(sshPort));
        Path sshKey = authorizeKey(home);
        Processes.setProperty(home.resolve("etc/org.apache.karaf.management.cfg"), "rmiRegistryPort",
                Integer.toString(LoopbackPorts.free()));
        Processes.setProperty(home.resolve("etc/org.apache.karaf.management.cfg"), "rmiServerPort",
                Integer.toString(LoopbackPorts.free()));
        Path remote = home.resolve("etc/org.estuary.remote.cfg");
        if (!Files.exists(remote)) {
            Files.writeString(remote, "");
        }
        Processes.setProperty(remote, "registry.port", Integer.toString(registryPort));
        setup.apply(home);
        return new RunningDistribution(home, password, httpPort, registryPort, sshPort, sshKey, launcher,
                launch(launcher, home, password));
    }

    /** A fresh key pair whose public half Karaf accepts for {@value #SSH_USER} in the admin group. */
    private static Path authorizeKey(Path home) throws IOException, InterruptedException {
        Path key = home.resolve("itest-ssh-key");
        Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "rsa", "-b", "2048", "-N", "", "-C", SSH_USER,
                "-f", key.toString()).redirectErrorStream(true).redirectOutput(home.resolve("keygen.log").toFile())
                .start();
        if (!keygen.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || keygen.exitValue() != 0) {
            keygen.destroyForcibly();
            throw new IOException("ssh-keygen failed: " + Files.readString(home.resolve("keygen.log")));
        }
        String publicKey = Files.readString(home.resolve("itest-ssh-key.pub")).trim().split("\\s+")[1];
        Path keys = home.resolve("etc/keys.properties");
        Processes.setProperty(keys, SSH_USER, publicKey + ",_g_:admingroup");
        // the distribution's keys.properties defines the admin group (_g_\:admingroup) already
        return key;
    }

    /** Waits until Karaf's SSH server accepts connections. */
    void awaitSshServer() throws InterruptedException {
        await("Karaf's SSH server listening on " + sshPort, Duration.ofSeconds(60), () -> {
            try (java.net.Socket socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), sshPort)) {
                return true;
            } catch (IOException notYet) {
                return false;
            }
        });
    }

    private static final java.util.regex.Pattern SSH_CLOSED_NOTICE =
            java.util.regex.Pattern.compile("(?m)^Connection to 127\\.0\\.0\\.1 closed by remote host\\.\\R?");

    /**
     * Runs one Karaf shell command over SSH with the key and returns its output; fails if it takes over 60 s. Karaf
     * starts its SSH server while it may still be starting the boot features, so a command whose bundle has not
     * registered it yet answers "Command not found": that answer is retried for up to 60 s, until the command is
     * there, as is a connection the SSH server refused.
     */
    String ssh(String line) throws IOException, InterruptedException {
        String[] output = new String[1];
        try {
            Processes.await(Duration.ofSeconds(60), () -> {
                try {
                    output[0] = sshOnce(line);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while running ssh " + line, e);
                }
                String answer = ANSI_STYLE.matcher(output[0]).replaceAll("").strip();
                return !answer.startsWith(COMMAND_NOT_FOUND) && !REFUSED.matcher(answer).matches();
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        return output[0];
    }

    /**
     * What ssh says when nothing listens on the port: the command did not run. Seen right after a restart of the
     * container, while Karaf still started its shell bundles, although {@link #awaitSshServer} had found the port
     * listening a moment before.
     */
    private static final java.util.regex.Pattern REFUSED = java.util.regex.Pattern.compile(
            "ssh: connect to host \\S+ port \\d+: Connection refused");

    /** Karaf's answer to a command no bundle registered (in red: {@link #ANSI_STYLE}). */
    private static final String COMMAND_NOT_FOUND = "Command not found: ";
    private static final java.util.regex.Pattern ANSI_STYLE = java.util.regex.Pattern.compile("\u001B\\[[0-9;]*m");

    private String sshOnce(String line) throws IOException, InterruptedException {
        awaitSshServer();
        Path out = Files.createTempFile("estuary-ssh", ".out");
        Process process = new ProcessBuilder("ssh", "-i", sshKey.toString(), "-p", Integer.toString(sshPort), "-o",
                "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
                "IdentitiesOnly=yes", "-o", "PasswordAuthentication=no", "-o", "LogLevel=ERROR", "-o",
                "ConnectTimeout=10", SSH_USER + "@127.0.0.1", line).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        try {
            if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new AssertionError("ssh " + line + " did not finish in 60 s: " + Files.readString(out));
            }
            // A command that refreshes bundles wired to the Karaf shell (bundle:update of a bundle org.estuary.shell
            // uses) can end with Karaf closing the connection before ssh reads the exit status; ssh then adds this
            // notice of its own. It is not the command's output: callers check the command's effect themselves.
            return SSH_CLOSED_NOTICE.matcher(Files.readString(out)).replaceAll("");
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    private static Process launch(Launcher launcher, Path home, String password) throws IOException {
        ProcessBuilder builder = launcher.command(home)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("console.log").toFile()));
        builder.environment().put("ESTUARY_ADMIN_PASSWORD", password);
        Process karaf = builder.start();
        Processes.killWhenThisJvmDies(karaf);
        return karaf;
    }

    /**
     * A crash and a restart: the container's JVM is killed with SIGKILL (no shutdown hook runs, nothing is
     * flushed), then started again on the same directory and ports, as an operator's supervisor would.
     */
    RunningDistribution crashAndRestart() throws IOException, InterruptedException {
        crash();
        return relaunch();
    }

    /** Kills the container's JVM and its child processes with SIGKILL and waits until they are gone. */
    void crash() throws IOException, InterruptedException {
        java.util.List<ProcessHandle> all = new java.util.ArrayList<>();
        all.add(karaf.toHandle());
        karaf.descendants().forEach(all::add);
        for (ProcessHandle handle : all) {
            handle.destroyForcibly();
        }
        for (ProcessHandle handle : all) {
            try {
                handle.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IOException("the killed container did not exit: " + handle.pid(), e);
            }
        }
    }

    /** Starts the container again on the same directory and ports, once its process is gone. */
    RunningDistribution relaunch() throws IOException {
        return new RunningDistribution(home, password, httpPort, registryPort, sshPort, sshKey, launcher,
                launch(launcher, home, password));
    }

    /**
     * An orderly restart: the container is stopped (TERM, every bundle deactivates), then started again on the same
     * directory and ports.
     */
    RunningDistribution restart() throws IOException, InterruptedException {
        Processes.stop(karaf);
        return new RunningDistribution(home, password, httpPort, registryPort, sshPort, sshKey, launcher,
                launch(launcher, home, password));
    }

    /**
     * Sends the signal {@code name} ({@code STOP}, {@code CONT}) to the container's processes, its JVM among them:
     * SIGSTOP pauses the container as a long garbage collection or a frozen virtual machine would, SIGCONT resumes it.
     */
    void signal(String name) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("kill", "-" + name));
        command.add(Long.toString(karaf.pid()));
        karaf.descendants().forEach(handle -> command.add(Long.toString(handle.pid())));
        Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(kill.getInputStream().readAllBytes());
        if (!kill.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    /** Waits (bounded, 180 s each: a first boot) until the container's registry binds each of {@code types}. */
    void awaitBound(Class<?>... types) throws InterruptedException {
        for (Class<?> type : types) {
            await(type.getSimpleName() + " bound in the container's registry", Duration.ofSeconds(180), () -> {
                try (org.estuary.client.EstuaryClient probe = org.estuary.client.EstuaryClient.connect("127.0.0.1",
                        registryPort)) {
                    return probe.names().contains(type.getName());
                } catch (Exception notYet) {
                    return false;
                }
            });
        }
    }

    /**
     * Waits (bounded, 120 s) until the web console serves {@code page} (as {@code /system/console/page}) holding
     * {@code text}. The console's own bundles start after Estuary's services, so a bound service does not yet mean a
     * served page. On time-out, fails with the last answer and the Karaf log.
     */
    void awaitConsolePage(String page, String text) throws InterruptedException {
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        String authorization = "Basic " + java.util.Base64.getEncoder()
                .encodeToString(("admin:" + password).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String[] last = {"no answer"};
        boolean served = Processes.await(Duration.ofSeconds(120), () -> {
            try {
                java.net.http.HttpResponse<String> answer = http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + httpPort + "/system/console/" + page))
                        .timeout(Duration.ofSeconds(10)).header("Authorization", authorization).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
                last[0] = answer.statusCode() + " " + answer.body();
                return answer.statusCode() == 200 && answer.body().contains(text);
            } catch (IOException notYet) {
                last[0] = notYet.toString();
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        if (!served) {
            throw new AssertionError("the console page " + page + " saying \"" + text
                    + "\" was not served within 120 s; last answer: " + last[0] + "\nKaraf log:\n" + log());
        }
    }

    /** Waits (bounded) for {@code condition}; on time-out, fails with the condition's name and the Karaf log. */
    void await(String what, Duration limit, java.util.function.BooleanSupplier condition) throws InterruptedException {
        if (!Processes.await(limit, condition)) {
            throw new AssertionError(what + " did not happen within " + limit + "; Karaf log:\n" + log());
        }
    }

    /**
     * Replaces bundle {@code symbolicName} with {@code bundle:update} and waits (bounded, 60 s) until the Karaf log
     * holds {@code activeLine} once more than before: the component activated again from the updated bundle.
     */
    void updateBundle(String symbolicName, String activeLine) throws IOException, InterruptedException {
        int activations = logged(activeLine);
        String updated = ssh("bundle:update " + symbolicName);
        if (!updated.isBlank()) {
            throw new AssertionError("bundle:update " + symbolicName + " failed: " + updated);
        }
        await(symbolicName + " activated again from the updated bundle (\"" + activeLine + "\")",
                Duration.ofSeconds(60), () -> logged(activeLine) > activations);
    }

    /** How often the Karaf log holds {@code text} so far (a component's activation line, for example). */
    int logged(String text) {
        String log = fullLog();
        int count = 0;
        for (int at = log.indexOf(text); at >= 0; at = log.indexOf(text, at + 1)) {
            count++;
        }
        return count;
    }

    /** The end of the Karaf log (its last 20,000 characters), for failure messages. */
    String log() {
        String text = fullLog();
        return text.length() > 20_000 ? text.substring(text.length() - 20_000) : text;
    }

    /** The whole Karaf log so far (the console's output before the log exists), or the error reading it. */
    String fullLog() {
        try {
            Path log = home.resolve("data/log/karaf.log");
            return Files.exists(log) ? Files.readString(log) : Files.readString(home.resolve("console.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /**
     * Kills the container and its child processes at once (SIGKILL), for a JVM shutdown hook: the test runner
     * halts its JVM a few seconds after exit, too soon for {@link #close()}'s graceful stop.
     */
    void kill() {
        karaf.descendants().forEach(ProcessHandle::destroyForcibly);
        karaf.destroyForcibly();
    }

    @Override
    public void close() throws InterruptedException {
        Processes.stop(karaf);
    }
}
