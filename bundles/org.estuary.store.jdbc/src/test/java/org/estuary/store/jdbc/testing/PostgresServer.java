package org.estuary.store.jdbc.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.sql.DataSource;

import org.estuary.store.api.testing.LoopbackPorts;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A private PostgreSQL cluster for one test class (the jdbc store is tested against a real server): {@code initdb}
 * into a fresh directory under {@code target/}, {@code pg_ctl start} on a free port of 127.0.0.1 with its socket in
 * that directory, trust authentication for the user {@code postgres}. Run as root, the
 * server runs as the user {@code postgres} (PostgreSQL refuses root). Stopped by PID in {@link #close()} (and by a
 * shutdown hook if the JVM ends first).
 *
 * <p>Without the binaries ({@code /usr/lib/postgresql/<version>/bin}, or {@code $PG_BIN}) the tests are skipped on
 * a developer's machine with a message saying what to install, and fail when the environment variable {@code CI}
 * is set: CI must never skip them.
 *
 * <p>Public and shipped in this module's test jar so that the Karaf integration tests ({@code itest/}) start their
 * database the same way; {@link #startOrThrow} needs no JUnit 5 (the itests run on JUnit 4).
 */
public final class PostgresServer implements AutoCloseable {

    /** Why the tests cannot start a server, and what to install. */
    public static final String MISSING = "PostgreSQL server binaries (initdb, pg_ctl) not found under "
            + "/usr/lib/postgresql/*/bin or $PG_BIN: the jdbc store's tests start a private PostgreSQL server; "
            + "install it with 'apt-get install postgresql'";

    private static final long WAIT_SECONDS = 60;

    private final Path bin;
    private final Path base;
    private final Path data;
    private final Path socketDir;
    private final Path log;
    private final int port;
    private final boolean asPostgresUser;
    private volatile long pid = -1;
    private final Thread shutdownHook;

    private PostgresServer(Path bin, Path base) throws IOException {
        this.bin = bin;
        this.base = base;
        this.data = base.resolve("data");
        // A Unix socket path holds at most 107 bytes, and a checkout can sit deep: keep the socket under /tmp.
        this.socketDir = Files.createTempDirectory("estuary-pg");
        this.log = base.resolve("server.log");
        this.port = LoopbackPorts.free();
        this.asPostgresUser = "root".equals(System.getProperty("user.name"));
        this.shutdownHook = new Thread(this::kill, "postgres-test-server-stop");
    }

    /**
     * Starts a new, empty cluster; skips the calling JUnit 5 test class when the binaries are missing, or fails it
     * when the environment variable {@code CI} is set.
     */
    public static PostgresServer start(String name) throws Exception {
        return start(name, Paths.get("target", "postgres"));
    }

    /** Starts a new, empty cluster under {@code parent}; skips or fails like {@link #start(String)}. */
    public static PostgresServer start(String name, Path parent) throws Exception {
        if (findBinaries() == null) {
            SkipWithoutPostgres.skipOrFail(MISSING);
        }
        return startOrThrow(name, parent);
    }

    /**
     * Starts a new, empty cluster under {@code target/postgres/} of the working directory.
     *
     * @throws IllegalStateException with {@link #MISSING} when the binaries are missing
     */
    public static PostgresServer startOrThrow(String name) throws Exception {
        return startOrThrow(name, Paths.get("target", "postgres"));
    }

    /**
     * Starts a new, empty cluster in a new directory under {@code parent}.
     *
     * @throws IllegalStateException with {@link #MISSING} when the binaries are missing
     */
    public static PostgresServer startOrThrow(String name, Path parent) throws Exception {
        Path bin = findBinaries();
        if (bin == null) {
            throw new IllegalStateException(MISSING);
        }
        Path base = parent.resolve(name + "-" + UUID.randomUUID().toString().substring(0, 8)).toAbsolutePath();
        Files.createDirectories(base);
        PostgresServer server = new PostgresServer(bin, base);
        Files.createDirectories(server.socketDir);
        if (server.asPostgresUser) {
            server.run(List.of("chown", "-R", "postgres", base.toString(), server.socketDir.toString()), false);
        }
        server.run(List.of(bin.resolve("initdb").toString(), "-D", server.data.toString(), "-U", "postgres",
                "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"), true);
        Runtime.getRuntime().addShutdownHook(server.shutdownHook);
        server.startServer();
        return server;
    }

    /** Starts the (stopped) server again on the same data and port. */
    public void startServer() throws Exception {
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", log.toString(), "-w", "-t",
                Long.toString(WAIT_SECONDS), "-o", "-c listen_addresses=127.0.0.1 -p " + port + " -k " + socketDir
                        + " -c max_connections=100",
                "start"), true);
        List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
        pid = Long.parseLong(lines.get(0).trim());
    }

    /**
     * Stops the server the way a crash does ({@code pg_ctl stop -m immediate}: no checkpoint, recovery at the next
     * start), then kills what is left of it by PID.
     */
    public void stopServer() throws Exception {
        long stopping = pid;
        if (stopping <= 0) {
            return;
        }
        try {
            run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "-t",
                    "20", "stop"), true);
        } finally {
            ProcessHandle.of(stopping).ifPresent(process -> {
                process.destroyForcibly();
                process.onExit().orTimeout(10, TimeUnit.SECONDS).join();
            });
            pid = -1;
        }
    }

    /** The port on 127.0.0.1 (database {@code postgres}, user {@code postgres}, no password). */
    public int port() {
        return port;
    }

    /** A DataSource for the database {@code postgres} as the user {@code postgres}; no pool. */
    public DataSource dataSource(String applicationName) {
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setServerNames(new String[] {"127.0.0.1"});
        source.setPortNumbers(new int[] {port});
        source.setDatabaseName("postgres");
        source.setUser("postgres");
        source.setApplicationName(applicationName);
        source.setConnectTimeout(5);
        source.setSocketTimeout(60);
        source.setReWriteBatchedInserts(true);
        return source;
    }

    @Override
    public void close() throws Exception {
        try {
            stopServer();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            deleteTree(base);
            deleteTree(socketDir);
        }
    }

    private void kill() {
        long running = pid;
        if (running > 0) {
            ProcessHandle.of(running).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private void run(List<String> command, boolean asServerUser) throws Exception {
        List<String> full = new ArrayList<>();
        if (asServerUser && asPostgresUser) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        Path output = Files.createTempFile(base, "cmd", ".log");
        Process process = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(output.toFile())
                .start();
        if (!process.waitFor(WAIT_SECONDS + 10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("timed out: " + String.join(" ", full));
        }
        if (process.exitValue() != 0) {
            String server = Files.exists(log) ? Files.readString(log) : "";
            throw new IllegalStateException("failed (exit " + process.exitValue() + "): " + String.join(" ", full)
                    + "\n" + Files.readString(output) + server);
        }
    }

    /** The newest server binaries, or null. */
    private static Path findBinaries() throws IOException {
        String configured = System.getenv("PG_BIN");
        if (configured != null && Files.isExecutable(Paths.get(configured, "initdb"))) {
            return Paths.get(configured);
        }
        Path root = Paths.get("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                Path newest = versions.map(v -> v.resolve("bin"))
                        .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
                        .max(Comparator.comparing(b -> versionOf(b.getParent().getFileName().toString())))
                        .orElse(null);
                if (newest != null) {
                    return newest;
                }
            }
        }
        return null;
    }

    private static int versionOf(String name) {
        try {
            return Integer.parseInt(name.replaceAll("[^0-9].*$", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
