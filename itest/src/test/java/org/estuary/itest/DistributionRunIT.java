package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.estuary.remote.fixture.Sockets;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Starts the distribution the way an operator does (bin/karaf from the unpacked tar.gz) and checks it from
 * outside: the web console answers the administrative user, shows the Estuary bundles active, refuses anonymous
 * callers, and nothing listens beyond 127.0.0.1.
 */
public class DistributionRunIT {

    private static final String PASSWORD = "it-" + Long.toHexString(System.nanoTime());
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static RunningDistribution karaf;
    private static int httpPort;

    @BeforeClass
    public static void start() throws Exception {
        karaf = RunningDistribution.start(PASSWORD);
        httpPort = karaf.httpPort;
        karaf.await("the console showing the Estuary bundles active", Duration.ofSeconds(180),
                () -> estuaryBundlesActive(bundlesJson()));
    }

    @AfterClass
    public static void stop() throws Exception {
        if (karaf != null) {
            karaf.close();
        }
    }

    /**
     * A list setting from the shell, as the configuration guard's README shows: {@code config:property-set} stores one
     * text; the guard splits it at commas, so each service's marshaller is registered with the values, and a comma
     * written {@code \,} stays inside its value (here refused as a class pattern, which proves it was not split).
     */
    @Test
    public void aListSetWithConfigPropertySetReachesTheServiceAsItsValues() throws Exception {
        String pid = "org.estuary.io.marshaller";
        try {
            // the PID has no etc/ file yet, so Karaf hands the shell's text to Configuration Admin as typed
            karaf.ssh("config:edit " + pid + "; config:property-set allowlist.extra \"com.example.*,org.acme\\,x.*\"; "
                    + "config:update");
            karaf.await("the escaped comma kept inside one value, and that value refused", Duration.ofSeconds(60),
                    () -> karaf.logged("Refused the configuration of " + pid
                            + ": allowlist.extra=org.acme,x.*: not a class name pattern") == 1);

            karaf.ssh("config:edit " + pid + "; config:property-set allowlist.extra \"com.example.*, org.acme.**\"; "
                    + "config:update");
            karaf.await("the marshaller registered with both patterns as a list", Duration.ofSeconds(60), () -> {
                try {
                    return karaf.ssh("service:list org.estuary.io.Marshaller")
                            .contains("allowlist.extra = [com.example.*, org.acme.**]");
                } catch (IOException | InterruptedException e) {
                    return false;
                }
            });
            String stored = karaf.ssh("config:property-list -p " + pid);
            assertTrue("stored as its values: " + stored,
                    stored.contains("allowlist.extra = [com.example.*, org.acme.**]"));
            assertEquals("no refusal of the list", 1, karaf.logged("Refused the configuration of " + pid));
        } finally {
            karaf.ssh("config:delete " + pid);
        }
    }

    @Test
    public void theConsoleShowsTheEstuaryBundlesActive() {
        String json = bundlesJson();
        assertTrue(json, estuaryBundlesActive(json));
    }

    @Test
    public void theConsoleRefusesAnonymousAndWrongPasswords() throws Exception {
        assertEquals(401, get(null).statusCode());
        assertEquals(401, get(basic("admin", PASSWORD + "x")).statusCode());
    }

    @Test
    public void theFirstStartCreatedTheAdministrativeUserAndStoresTheHashOnly() throws Exception {
        get(basic("admin", PASSWORD));
        Path file = karaf.home.resolve("etc/users.properties");
        karaf.await("Karaf hashing the password at its first use", Duration.ofSeconds(30), () -> {
            try {
                return Files.readString(file).contains("{CRYPT}");
            } catch (IOException e) {
                return false;
            }
        });
        String users = Files.readString(file);
        assertTrue(users, users.contains("admin"));
        assertFalse("password kept in clear: " + users, users.contains(PASSWORD));
        // a salted Argon2 hash ($argon2id$v=19$m=...$salt$hash), written in hexadecimal (encryption.encoding)
        String argon2 = java.util.HexFormat.of().formatHex("$argon2id$".getBytes(StandardCharsets.US_ASCII));
        assertTrue("not a salted Argon2 hash: " + users, users.contains("{CRYPT}" + argon2));
        // the hashes are for the owner only, also after Karaf rewrote the file
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(file));
    }

    /** A password etc/users.properties cannot hold stops the first start instead of creating another user. */
    @Test
    public void aPasswordWithACommaStopsTheFirstStartAndCreatesNoUser() throws Exception {
        Path home = Files.createTempDirectory(Path.of(System.getProperty("estuary.work", "target/work")), "setenv");
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("etc"));
        Files.copy(karaf.home.resolve("bin/setenv"), home.resolve("bin/setenv"));
        Files.writeString(home.resolve("etc/users.properties"), "# no user yet\n");
        ProcessBuilder setenv = new ProcessBuilder("sh", home.resolve("bin/setenv").toString())
                .redirectErrorStream(true).redirectOutput(home.resolve("setenv.log").toFile());
        setenv.environment().put("ESTUARY_ADMIN_PASSWORD", "secret,admin");
        Process process = setenv.start();
        assertTrue("bin/setenv did not finish", process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        String said = Files.readString(home.resolve("setenv.log"));
        assertEquals(said, 1, process.exitValue());
        assertTrue(said, said.contains("a comma"));
        assertEquals("# no user yet\n", Files.readString(home.resolve("etc/users.properties")));
    }

    /** Every failed login to the console (and the shell) is written to Karaf's audit log with the user name. */
    @Test
    public void failedLoginsAreAudited() throws Exception {
        assertEquals(401, get(basic("admin", PASSWORD + "-wrong")).statusCode());
        Path audit = karaf.home.resolve("data/security/audit.log");
        karaf.await("the failed login in " + audit, Duration.ofSeconds(30), () -> {
            try {
                return Files.exists(audit) && Files.readString(audit).lines()
                        .anyMatch(l -> l.contains("Authentication failed") && l.contains("admin"));
            } catch (IOException e) {
                return false;
            }
        });
    }

    /**
     * Booting and logging in to the console (the start above logged in until the bundles showed) must not meet a
     * class the distribution lacks: Karaf audits logins through EventAdmin by default, which this distribution does
     * not install, and every first login logged a NoClassDefFoundError until etc/org.apache.karaf.jaas.cfg turned
     * that auditor off.
     */
    @Test
    public void bootAndLoginsMeetNoMissingClass() throws Exception {
        assertEquals(200, get(basic("admin", PASSWORD)).statusCode());
        String log = karaf.fullLog();
        for (String missing : new String[] {"NoClassDefFoundError", "ClassNotFoundException"}) {
            int at = log.indexOf(missing);
            assertTrue("the Karaf log names a missing class: "
                    + (at < 0 ? "" : log.substring(Math.max(0, at - 300), Math.min(log.length(), at + 300))), at < 0);
        }
    }

    @Test
    public void nothingListensBeyondLoopback() throws Exception {
        List<String> listening = new ArrayList<>();
        for (ProcessHandle handle : (Iterable<ProcessHandle>) karaf.karaf.descendants()::iterator) {
            listening.addAll(Sockets.listening(handle.pid()));
        }
        assertTrue("the JVM listens (HTTP at least): " + listening,
                listening.stream().anyMatch(a -> a.endsWith(":" + httpPort)));
        for (String address : listening) {
            assertTrue("listens beyond loopback: " + address + " of " + listening, Sockets.isLoopback(address));
        }
    }

    /**
     * Karaf 4.4's scripts read the heap from JAVA_OPTS or EXTRA_JAVA_OPTS only; bin/setenv turns JAVA_MAX_MEM
     * (default 1024M) into the -Xmx there, so the container does not run with the JVM's default of a quarter of
     * the machine's memory; it sets RMI's acknowledgement timeout there too, so that 30 s of replies' timers stay on
     * the heap, not the JDK's 5 minutes.
     */
    @Test
    public void theContainerJvmRunsWithTheHeapAndRmiTimersSetenvGives() {
        List<String> containers = new ArrayList<>();
        for (ProcessHandle handle : (Iterable<ProcessHandle>) karaf.karaf.descendants()::iterator) {
            List<String> arguments = List.of(handle.info().arguments().orElse(new String[0]));
            if (arguments.contains("org.apache.karaf.main.Main")) {
                containers.add(String.join(" ", arguments));
            }
        }
        assertEquals("one container JVM: " + containers, 1, containers.size());
        assertTrue(containers.get(0), containers.get(0).contains("-Xmx1024M"));
        assertTrue(containers.get(0), containers.get(0).contains("-Dsun.rmi.dgc.ackTimeout=30000"));
    }

    /** True when bundles.json lists Estuary bundles, all of them in state Active. */
    private static boolean estuaryBundlesActive(String json) {
        if (json == null) {
            return false;
        }
        Matcher bundle = Pattern.compile("\\{[^{}]*\"symbolicName\":\"org\\.estuary\\.[^\"]*\"[^{}]*\\}").matcher(json);
        int estuary = 0;
        while (bundle.find()) {
            estuary++;
            if (!bundle.group().contains("\"state\":\"Active\"")) {
                return false;
            }
        }
        return estuary > 0;
    }

    private static String bundlesJson() {
        try {
            HttpResponse<String> response = get(basic("admin", PASSWORD));
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static HttpResponse<String> get(String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + httpPort + "/system/console/bundles.json"))
                .timeout(Duration.ofSeconds(10));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
