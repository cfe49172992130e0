package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.configureConsole;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.inject.Inject;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.time.SystemClock;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.estuary.management.Ids;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.admin.SetInfo;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.OptionUtils;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.karaf.options.KarafDistributionConfigurationConsoleOption;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

/**
 * The management views in the booted distribution, used from outside as an operator does. The test (running in the
 * container) creates renewal sets, then drives the Karaf shell over OpenSSH with key authentication (estuary:*
 * commands, including completion of set ids on a terminal) and the web console pages over HTTP with Basic
 * authentication (tables, POST-only actions with the page's token). The browser test is {@link ConsoleBrowserIT}.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ManagementIT {

    private static final String SSH_USER = "estuary-it";
    private static final String WEB_USER = "estuary-web";
    private static final String WEB_PASSWORD = "pw-" + Long.toHexString(System.nanoTime());
    private static final String GROUP = "group,admin,manager,viewer,systembundles,ssh";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Inject
    private LeaseRenewalService renewals;

    @Inject
    private RenewalAdmin admin;

    @Inject
    private org.osgi.framework.BundleContext context;

    @Configuration
    public Option[] configuration() throws Exception {
        Path dir = Path.of("target", "management-it").toAbsolutePath();
        Files.createDirectories(dir);
        Path key = dir.resolve("id_rsa");
        Files.deleteIfExists(key);
        Files.deleteIfExists(dir.resolve("id_rsa.pub"));
        Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "rsa", "-b", "2048", "-N", "", "-C", SSH_USER,
                "-f", key.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("keygen.log").toFile())
                .start();
        if (!keygen.waitFor(60, TimeUnit.SECONDS) || keygen.exitValue() != 0) {
            keygen.destroyForcibly();
            throw new IOException("ssh-keygen failed: " + Files.readString(dir.resolve("keygen.log")));
        }
        String publicKey = Files.readString(dir.resolve("id_rsa.pub")).trim().split("\\s+")[1];
        // KarafOptions turns Karaf's SSH server off; this test needs it.
        Option[] base = Arrays.stream(KarafOptions.distribution(getClass()))
                .filter(o -> !(o instanceof KarafDistributionConfigurationConsoleOption)).toArray(Option[]::new);
        return OptionUtils.combine(base, configureConsole().ignoreLocalConsole().startRemoteShell(),
                editConfigurationFilePut("etc/keys.properties", SSH_USER, publicKey + ",_g_:admingroup"),
                editConfigurationFilePut("etc/keys.properties", "_g_:admingroup", GROUP),
                editConfigurationFilePut("etc/users.properties", WEB_USER, WEB_PASSWORD + ",_g_:admingroup"),
                editConfigurationFilePut("etc/users.properties", "_g_:admingroup", GROUP),
                editConfigurationFilePut("etc/system.properties", "estuary.it.key", key.toString()),
                editConfigurationFilePut("etc/system.properties", "estuary.it.web.password", WEB_PASSWORD),
                // the SSH server's acceptor logs why it stops accepting only at DEBUG: a few lines a connection
                editConfigurationFilePut("etc/org.ops4j.pax.logging.cfg", "log4j2.logger.sshacceptor.name",
                        "org.apache.sshd.common.io.nio2.Nio2Acceptor"),
                editConfigurationFilePut("etc/org.ops4j.pax.logging.cfg", "log4j2.logger.sshacceptor.level", "DEBUG"));
    }

    @Test
    public void shellCommandsListActAndComplete() throws Exception {
        try (Landlord landlord = new Landlord()) {
            LeaseRenewalSet set = renewals.createLeaseRenewalSet(600_000);
            set.renewFor(landlord.grant(), 600_000);
            set.renewFor(landlord.grant(), 600_000);
            String id = idOf(set);

            String sets = ssh("estuary:sets --limit 1000");
            assertTrue(sets, sets.contains(id));
            assertTrue(sets, sets.contains("Expires"));

            String leases = ssh("estuary:leases " + id);
            assertTrue(leases, leases.contains("Desired expiration"));
            assertTrue(leases, leases.contains("rows 1-2 of 2"));
            long key = admin.leases(Ids.parse(id), 0, 1).items().get(0).key();

            String metrics = ssh("estuary:metrics");
            assertTrue(metrics, metrics.contains("store.write.p99.us"));

            String stores = ssh("estuary:stores");
            assertTrue(stores, stores.contains("org.estuary.renewal"));
            assertTrue(stores, stores.contains("On disk"));

            String completed = complete("estuary:leases " + id.substring(0, id.length() - 1), id);
            assertTrue("completion of set ids: " + completed, completed.contains(id));

            String removed = ssh("estuary:lease-remove " + id + " " + key);
            assertTrue(removed, removed.contains("Removed lease " + key));
            assertEquals(1, set.getLeases().length);

            String cancelled = ssh("estuary:set-cancel " + id);
            assertTrue(cancelled, cancelled.contains("Cancelled renewal set " + id));
            assertTrue(admin.set(Ids.parse(id)).isEmpty());
            String again = ssh("estuary:set-cancel " + id);
            assertTrue(again, again.contains("no renewal set " + id));
        }
    }

    /**
     * The shell README's scripted forms over a non-interactive ssh exec channel: a command's own help
     * ({@code 'estuary:sets --help'}, where Karaf's {@code help} prints nothing) and {@code log:display} with a pattern
     * without colour codes, then the reset codes Karaf still writes removed as the README's {@code sed} does.
     */
    @Test
    public void theReadmesScriptedSshFormsPrintWhatItSays() throws Exception {
        String help = ssh("estuary:sets --help");
        assertTrue(help, help.contains("estuary:sets"));
        assertTrue(help, help.contains("--limit"));

        String log = ssh("log:display -p '%d{ISO8601} | %-5.5p | %c{1} | %m%n'");
        String plain = log.replace("\u001b[0m", ""); // sed 's/\x1b\[0m//g'
        assertFalse("no escape code is left: " + plain, plain.contains("\u001b"));
        assertTrue(plain, Pattern.compile("(?m)^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} \\| [A-Z ]{5} \\| \\S+ \\| ")
                .matcher(plain).find());
    }

    @Test
    public void consolePagesShowAndCancelWithTheTokenOnly() throws Exception {
        LeaseRenewalSet set = renewals.createLeaseRenewalSet(600_000);
        String id = idOf(set);
        long offset = offsetOf(id);
        String page = get("/system/console/estuary-renewal?offset=" + offset + "&limit=10").body();
        assertTrue(page, page.contains("data-set=\"" + id + "\""));
        Matcher token = Pattern.compile("name=\"estuary-csrf\" value=\"([^\"]+)\"").matcher(page);
        assertTrue(page, token.find());

        assertTrue(page, page.contains("id=\"estuary-set-cancel-" + id + "\""));

        assertEquals(403, post("action=set-cancel&set=" + id).statusCode());
        assertEquals(403, post("action=set-cancel&set=" + id + "&estuary-csrf=forged").statusCode());
        assertFalse(admin.set(Ids.parse(id)).isEmpty());
        get("/system/console/estuary-renewal?action=set-cancel&set=" + id + "&estuary-csrf="
                + URLEncoder.encode(token.group(1), StandardCharsets.UTF_8));
        assertTrue("a GET renders the page and never acts", admin.set(Ids.parse(id)).isPresent());

        HttpResponse<String> done = post("action=set-cancel&set=" + id + "&estuary-csrf="
                + URLEncoder.encode(token.group(1), StandardCharsets.UTF_8));
        assertEquals(done.body(), 302, done.statusCode());
        assertTrue(admin.set(Ids.parse(id)).isEmpty());
        String location = URI.create(done.headers().firstValue("Location").orElseThrow()).getRawPath() + "?"
                + URI.create(done.headers().firstValue("Location").orElseThrow()).getRawQuery();
        String after = get(location).body();
        assertTrue(after, after.contains("Cancelled renewal set " + id + "."));
        assertFalse(after.contains("data-set=\"" + id + "\""));

        String stores = get("/system/console/estuary-stores").body();
        assertTrue(stores, stores.contains("id=\"estuary-stores\""));
        assertTrue(stores, stores.contains("org.estuary.renewal"));
        assertTrue(stores, stores.contains("<th>On disk</th>"));
        assertEquals(401, HTTP.send(HttpRequest.newBuilder(url("/system/console/estuary-renewal")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    /**
     * A configuration change made in the console's Configuration tab (its configMgr form) takes effect without
     * restarting Karaf: the renewal component is re-created with the new limit and recovers its sets from the store;
     * deleting the configuration restores the defaults.
     */
    @Test
    public void aConfigurationChangeInTheConsoleTakesEffectWithoutRestart() throws Exception {
        org.osgi.framework.Bundle framework = context.getBundle(0);
        long started = framework.getLastModified();
        LeaseRenewalSet kept = renewals.createLeaseRenewalSet(600_000);
        String keptId = idOf(kept);
        boolean recreated;
        long limit = admin.setCount(); // with the new limit, no set more
        HttpResponse<String> applied = postTo("/system/console/configMgr/org.estuary.renewal",
                "apply=true&propertylist=max.sets&max.sets=" + limit);
        assertTrue(applied.statusCode() + " " + applied.body(), applied.statusCode() < 400);
        try {
            assertTrue("the new limit applies", Processes.await(Duration.ofSeconds(30), () -> {
                try {
                    LeaseRenewalService current = currentService();
                    if (current == null) {
                        return false;
                    }
                    current.createLeaseRenewalSet(60_000).getRenewalSetLease().cancel();
                    return false; // still the old component: room for more
                } catch (java.rmi.ServerException e) {
                    return e.getMessage().contains("max.sets=" + limit);
                } catch (Exception notYet) {
                    return false;
                }
            }));
            RenewalAdmin current = context.getService(context.getServiceReference(RenewalAdmin.class));
            assertTrue("sets recovered by the new component", current.set(Ids.parse(keptId)).isPresent());
            assertEquals("Karaf was not restarted", started, framework.getLastModified());
            assertEquals(org.osgi.framework.Bundle.ACTIVE, framework.getState());
        } finally {
            // SCR applies the deletion asynchronously: until it has, the component configured above is still
            // registered, so wait for the one created after the deletion (another service.id)
            var configured = context.getServiceReference(RenewalAdmin.class);
            Object configuredId = configured == null ? null : configured.getProperty("service.id");
            postTo("/system/console/configMgr/org.estuary.renewal", "apply=true&delete=true");
            recreated = Processes.await(Duration.ofSeconds(30), () -> {
                var reference = context.getServiceReference(RenewalAdmin.class);
                if (reference == null || reference.getProperty("service.id").equals(configuredId)) {
                    return false;
                }
                try {
                    RenewalAdmin renewal = context.getService(reference);
                    return renewal != null && renewal.set(Ids.parse(keptId)).isPresent();
                } catch (RuntimeException goingAway) {
                    return false; // replaced again meanwhile
                }
            });
        }
        assertTrue("the component is re-created with the defaults and keeps the set", recreated);
        RenewalAdmin after = context.getService(context.getServiceReference(RenewalAdmin.class));
        assertTrue(after.cancelSet(Ids.parse(keptId)));
    }

    /**
     * Invalid values are refused with a message. A value below the metatype minimum, posted in the console's
     * Configuration tab and then set with {@code config:edit} over ssh, is logged as refused (PID, attribute, value,
     * rule), taken back out of the stored configuration, and the service keeps answering with its previous settings.
     */
    @Test
    public void anInvalidConfigurationIsRefusedAndTheServiceStaysUp() throws Exception {
        String before = ssh("config:property-list -p org.estuary.renewal");
        LeaseRenewalSet kept = renewals.createLeaseRenewalSet(600_000);
        String keptId = idOf(kept);
        try {
            HttpResponse<String> posted = postTo("/system/console/configMgr/org.estuary.renewal",
                    "apply=true&propertylist=max.sets&max.sets=-5");
            assertTrue(posted.statusCode() + " " + posted.body(), posted.statusCode() < 400);
            assertRefused("max.sets=-5 (");
            awaitStoredWithout("max.sets=-5"); // the guard's repair is stored before the operator edits again

            String edited = ssh("config:edit org.estuary.renewal; config:property-set max.sets 0; config:update");
            assertFalse(edited, edited.contains("Error"));
            assertRefused("max.sets=0 (");
            awaitStoredWithout("max.sets=0");
            // a rule across attributes the service registers: the default set lease within the maximum
            ssh("config:edit org.estuary.renewal; config:property-set set.lease.default.ms 100000000; "
                    + "config:update");
            assertRefused("set.lease.default.ms=100000000 must not be above set.lease.maximum.ms=86400000");
            String stored = ssh("config:property-list -p org.estuary.renewal");
            assertFalse(stored, stored.matches("(?s).*max\\.sets\\s*=\\s*(0|-5)\\b.*"));
            assertFalse(stored, stored.contains("100000000"));
            // the etc/ file config:edit wrote shows what is in force too: the repair is written back into it
            Path file = Path.of(System.getProperty("karaf.etc"), "org.estuary.renewal.cfg");
            assertTrue("the repaired values in " + file, Processes.await(Duration.ofSeconds(30), () -> {
                try {
                    String text = Files.readString(file);
                    return !text.contains("100000000") && !text.matches("(?s).*max\\.sets\\s*=\\s*(0|-5)\\b.*");
                } catch (IOException notYet) {
                    return false;
                }
            }));
        } finally {
            postTo("/system/console/configMgr/org.estuary.renewal", "apply=true&delete=true");
        }
        String deleted = ssh("config:property-list -p org.estuary.renewal");
        assertFalse("the console deleted the configuration: " + deleted, deleted.contains("max.sets"));
        String[] state = {"not tried"};
        boolean answers = Processes.await(Duration.ofSeconds(30), () -> {
            try {
                LeaseRenewalService current = currentService();
                var reference = context.getServiceReference(RenewalAdmin.class);
                if (current == null || reference == null) {
                    state[0] = "service " + current + ", admin " + reference;
                    return false;
                }
                current.createLeaseRenewalSet(60_000).getRenewalSetLease().cancel();
                state[0] = "kept set present: " + context.getService(reference).set(Ids.parse(keptId));
                return context.getService(reference).set(Ids.parse(keptId)).isPresent();
            } catch (Exception notYet) {
                state[0] = notYet.toString();
                return false;
            }
        });
        assertTrue("the service answers with its sets: " + state[0] + "\nbefore: " + before + "\nafter: "
                + ssh("config:property-list -p org.estuary.renewal") + "\n" + tail(karafLog()), answers);
        RenewalAdmin after = context.getService(context.getServiceReference(RenewalAdmin.class));
        assertTrue(after.cancelSet(Ids.parse(keptId)));
    }

    /** Waits (bounded, 30 s) until the stored renewal configuration no longer holds {@code property} (key=value). */
    private static void awaitStoredWithout(String property) throws Exception {
        String key = property.substring(0, property.indexOf('='));
        String value = property.substring(property.indexOf('=') + 1);
        java.util.regex.Pattern stored = java.util.regex.Pattern.compile(
                "(?s).*" + java.util.regex.Pattern.quote(key) + "\\s*=\\s*" + java.util.regex.Pattern.quote(value)
                        + "\\b.*");
        assertTrue("the guard repaired the stored " + key, Processes.await(Duration.ofSeconds(30), () -> {
            try {
                return !stored.matcher(ssh("config:property-list -p org.estuary.renewal")).matches();
            } catch (Exception notYet) {
                return false;
            }
        }));
    }

    /** Waits (bounded) for the guard's WARN about org.estuary.renewal, starting with {@code detail}, in the log. */
    private static void assertRefused(String detail) throws Exception {
        Path log = Path.of(System.getProperty("karaf.data"), "log", "karaf.log");
        String expected = "Refused the configuration of org.estuary.renewal: " + detail;
        boolean logged = Processes.await(Duration.ofSeconds(30), () -> {
            try {
                return Files.exists(log) && Files.readString(log).contains(expected);
            } catch (IOException e) {
                return false;
            }
        });
        assertTrue("refusal logged: " + expected + "\n" + (Files.exists(log) ? tail(Files.readString(log)) : ""),
                logged);
        String shown = ssh("log:display");
        assertTrue("log:display shows the refusal", shown.contains(expected));
    }

    private static String karafLog() {
        try {
            return Files.readString(Path.of(System.getProperty("karaf.data"), "log", "karaf.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static String tail(String text) {
        return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    }

    private LeaseRenewalService currentService() {
        var reference = context.getServiceReference(LeaseRenewalService.class);
        return reference == null ? null : context.getService(reference);
    }

    /** The renewal service's MBean is in Karaf's MBeanServer (management feature) and acts. */
    @Test
    public void jmxShowsCountsAndCancels() throws Exception {
        LeaseRenewalSet set = renewals.createLeaseRenewalSet(600_000);
        String id = idOf(set);
        javax.management.ObjectName name = new javax.management.ObjectName("org.estuary:type=RenewalService");
        javax.management.MBeanServer[] server = new javax.management.MBeanServer[1];
        assertTrue("the MBean is registered", Processes.await(Duration.ofSeconds(30), () -> {
            var reference = context.getServiceReference(javax.management.MBeanServer.class);
            server[0] = reference != null ? context.getService(reference)
                    : java.lang.management.ManagementFactory.getPlatformMBeanServer();
            return server[0].isRegistered(name);
        }));
        long sets = (Long) server[0].getAttribute(name, "SetCount");
        assertEquals(admin.setCount(), sets);
        assertEquals(Boolean.TRUE, server[0].invoke(name, "cancelSet", new Object[] {id},
                new String[] {String.class.getName()}));
        assertTrue(admin.set(Ids.parse(id)).isEmpty());
    }

    /**
     * Every registered store has its MBean, {@code org.estuary:type=Store,name=TYPE,service.id=ID},
     * with the numbers of the stores page; the embedded store's size on disk is its files', the memory store has none.
     */
    @Test
    public void jmxShowsEveryStore() throws Exception {
        javax.management.MBeanServer server = context.getService(context.getServiceReference(
                javax.management.MBeanServer.class));
        var stores = context.getServiceReferences(org.estuary.store.api.Store.class, null);
        assertFalse("stores are registered", stores.isEmpty());
        for (var reference : stores) {
            String type = (String) reference.getProperty(org.estuary.store.api.Store.TYPE);
            javax.management.ObjectName name = new javax.management.ObjectName("org.estuary:type=Store,name="
                    + type + ",service.id=" + reference.getProperty("service.id"));
            assertTrue(name + " is registered", Processes.await(Duration.ofSeconds(30),
                    () -> server.isRegistered(name)));
            org.estuary.store.api.StoreStats stats = context.getService(reference).stats();
            assertEquals(type, server.getAttribute(name, "Type"));
            assertTrue(name.toString(), (Long) server.getAttribute(name, "Records") >= 0);
            assertTrue(name.toString(), (Long) server.getAttribute(name, "Commits") >= 0);
            for (String attribute : List.of("Bytes", "Queued", "Failures", "LastCommitMicros", "P99CommitMicros",
                    "MaxRecords", "MaxBytes")) {
                assertTrue(name + " " + attribute, server.getAttribute(name, attribute) instanceof Long);
            }
            long disk = (Long) server.getAttribute(name, "DiskBytes");
            if (type.equals("memory")) {
                assertEquals(-1L, disk);
            } else if (type.equals("rocksdb")) {
                assertTrue("the RocksDB store has files on disk: " + disk, disk > 0);
                assertEquals(stats.diskBytes() > 0, disk > 0);
            }
        }
        javax.management.ObjectName all = new javax.management.ObjectName("org.estuary:type=Store,*");
        assertEquals(stores.size(), server.queryNames(all, null).size());
    }

    private long offsetOf(String id) {
        long offset = 0;
        for (SetInfo info : admin.sets(0, RenewalAdmin.MAX_PAGE).items()) {
            if (Ids.format(info.setId()).equals(id)) {
                return offset;
            }
            offset++;
        }
        throw new AssertionError("set " + id + " not listed");
    }

    private String idOf(LeaseRenewalSet set) {
        long expiration = set.getRenewalSetLease().getExpiration();
        List<SetInfo> candidates = new ArrayList<>();
        for (SetInfo info : admin.sets(0, RenewalAdmin.MAX_PAGE).items()) {
            if (info.expiration() == expiration) {
                candidates.add(info);
            }
        }
        assertEquals("one set with that expiration: " + candidates, 1, candidates.size());
        return Ids.format(candidates.get(0).setId());
    }

    // ---- ssh --------------------------------------------------------------------------------------------------

    /** Set once Karaf's SSH server has been seen listening. */
    private static volatile boolean sshListening;

    /** The port Karaf's SSH server listens on, as this container's configuration says. */
    private static int sshPort() throws IOException {
        return Integer.parseInt(etc("org.apache.karaf.shell.cfg", "sshPort"));
    }

    private static List<String> sshCommand(boolean terminal) throws Exception {
        int port = sshPort();
        // Karaf starts its SSH server after the features; wait (bounded) until it listens, once: a connection
        // opened and closed before the server accepts it is of no use to anyone.
        if (!sshListening) {
            assertTrue("Karaf's SSH server listens on " + port, Processes.await(Duration.ofSeconds(60), () -> {
                try (java.net.Socket socket = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
                    return true;
                } catch (IOException notYet) {
                    return false;
                }
            }));
            sshListening = true;
        }
        List<String> command = new ArrayList<>(Arrays.asList("ssh", "-i", System.getProperty("estuary.it.key"),
                "-p", Integer.toString(port), "-o", "BatchMode=yes", "-o",
                "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "IdentitiesOnly=yes", "-o",
                "PasswordAuthentication=no", "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10"));
        if (terminal) {
            command.add("-tt");
        }
        command.add(SSH_USER + "@127.0.0.1");
        return command;
    }

    /** Runs one command over an exec channel and returns its output (stdout and stderr). */
    private static String ssh(String line) throws Exception {
        List<String> command = sshCommand(false);
        command.add(line);
        Path out = Files.createTempFile("estuary-ssh", ".out");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                .start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("ssh " + line + " did not finish in 60 s: " + Files.readString(out)
                        + sshDiagnosis());
            }
            String shown = Files.readString(out);
            if (shown.contains("banner exchange")) {
                throw new AssertionError("ssh " + line + ": " + shown + sshDiagnosis());
            }
            return shown;
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    /**
     * What a failure where the SSH server did not answer needs: whether a fresh connection gets the server's
     * identification, the kernel's view of the port's sockets (a connection waiting in the listen queue was never
     * accepted; an established one was accepted and its session never wrote), and the stacks of the threads that
     * serve it: the SSH server's and the JDK's asynchronous-channel threads that poll for its connections. Every
     * thread's stack goes to a file under {@code target/management-it}, named in the message.
     */
    private static String sshDiagnosis() {
        StringBuilder why = new StringBuilder();
        try {
            int port = sshPort();
            why.append("\na fresh connection to ").append(port).append(": ").append(banner(port));
            why.append("\nss -tanpi of the port:\n").append(sockets(port));
        } catch (Exception e) {
            why.append("\n(no socket diagnosis: ").append(e).append(')');
        }
        StringBuilder all = new StringBuilder();
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            StringBuilder one = new StringBuilder("\n\"").append(thread.getThreadName()).append("\" ")
                    .append(thread.getThreadState());
            if (thread.getLockName() != null) {
                one.append(" on ").append(thread.getLockName()).append(" held by ").append(thread.getLockOwnerName());
            }
            boolean serving = thread.getThreadName().contains("sshd");
            for (StackTraceElement frame : thread.getStackTrace()) {
                one.append("\n    at ").append(frame);
                serving |= frame.getClassName().startsWith("sun.nio.ch.") && frame.getClassName().contains("Port");
            }
            all.append(one);
            if (serving) {
                why.append(one);
            }
        }
        try {
            // next to the test key: target/management-it of the itest module, which outlives the container
            Path dump = Files.createTempFile(Path.of(System.getProperty("estuary.it.key")).getParent(), "threads-",
                    ".txt");
            Files.writeString(dump, all);
            why.append("\nevery thread of the container: ").append(dump);
        } catch (IOException e) {
            why.append("\n(thread dump not written: ").append(e).append(')');
        }
        return why.toString();
    }

    /** The first line a new connection to {@code port} reads within 3 s, or why there is none. */
    private static String banner(int port) {
        try (java.net.Socket socket = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(3_000);
            byte[] line = new byte[255];
            int read = socket.getInputStream().read(line);
            return read < 0 ? "closed without a banner"
                    : "banner " + new String(line, 0, read, StandardCharsets.US_ASCII).trim();
        } catch (java.net.SocketTimeoutException e) {
            return "connected, no banner within 3 s";
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The sockets of {@code port} as {@code ss} lists them (listen queue lengths, states, owning processes). */
    private static String sockets(int port) throws Exception {
        Path out = Files.createTempFile("estuary-ss", ".out");
        try {
            Process ss = new ProcessBuilder("ss", "-tanpi", "( sport = :" + port + " or dport = :" + port + " )")
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!ss.waitFor(10, TimeUnit.SECONDS)) {
                ss.destroyForcibly();
                return "(ss did not finish in 10 s)";
            }
            return Files.readString(out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * Types {@code typed} and TAB at an interactive shell on a terminal and returns what the terminal showed, once
     * it shows {@code expected} (or after 10 s without it).
     */
    private static String complete(String typed, String expected) throws Exception {
        Path out = Files.createTempFile("estuary-ssh", ".tty");
        Process process = new ProcessBuilder(sshCommand(true)).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        try (OutputStream in = process.getOutputStream()) {
            // JLine on the server side may wait for terminal replies a pipe never sends before it prompts
            boolean prompt = Processes.await(Duration.ofSeconds(90), () -> read(out).contains(SSH_USER + "@root"));
            assertTrue("no shell prompt: " + read(out) + sshDiagnosis(), prompt);
            int before = read(out).length();
            in.write((typed + "\t").getBytes(StandardCharsets.UTF_8));
            in.flush();
            Processes.await(Duration.ofSeconds(10), () -> read(out).substring(before).contains(expected));
            String shown = read(out).substring(before);
            in.write("\u0015logout\r".getBytes(StandardCharsets.UTF_8)); // clear the line, leave
            in.flush();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            return shown;
        } finally {
            process.destroyForcibly();
            Files.deleteIfExists(out);
        }
    }

    /** The file's text without terminal escape sequences (JLine colours the prompt and the typed line). */
    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1)
                    .replaceAll("\u001B\\[[0-9;?]*[ -/]*[@-~]|\u001B[=>]", "");
        } catch (IOException e) {
            return "";
        }
    }

    // ---- http -------------------------------------------------------------------------------------------------

    private static URI url(String path) throws IOException {
        return URI.create("http://127.0.0.1:" + etc("org.ops4j.pax.web.cfg", "org.osgi.service.http.port") + path);
    }

    private static String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((WEB_USER + ":"
                + System.getProperty("estuary.it.web.password")).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpResponse<String> get(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url(path)).header("Authorization", basic())
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(path + ": " + response.body(), 200, response.statusCode());
        return response;
    }

    private static HttpResponse<String> post(String form) throws Exception {
        return postTo("/system/console/estuary-renewal", form);
    }

    private static HttpResponse<String> postTo(String path, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(url(path))
                .header("Authorization", basic()).header("Content-Type", "application/x-www-form-urlencoded")
                .timeout(Duration.ofSeconds(20)).POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String etc(String file, String key) throws IOException {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(Path.of(System.getProperty("karaf.etc"), file))) {
            properties.load(reader);
        }
        return properties.getProperty(key).trim();
    }

    // ---- a landlord whose leases the service can hold (exported on loopback) ------------------------------------

    private static final class Landlord implements AutoCloseable {
        private final SystemClock clock = new SystemClock("management-it-landlord");
        private final LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(600_000, 600_000), 10,
                (id, r) -> { });
        private final org.estuary.lease.client.Landlord stub;
        private final UUID id = UUID.randomUUID();

        Landlord() throws IOException {
            stub = (org.estuary.lease.client.Landlord) UnicastRemoteObject.exportObject(table, 0, null, new Loopback());
        }

        Lease grant() throws Exception {
            return table.grant("client", 600_000).lease(stub, id, clock);
        }

        @Override
        public void close() throws Exception {
            UnicastRemoteObject.unexportObject(table, true);
            table.close();
            clock.close();
        }
    }
}
