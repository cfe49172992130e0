package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NoSuchObjectException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.lease.ExpirationWarningEvent;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.RenewalFailureEvent;

import org.estuary.client.EstuaryClient;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Time faults on the distribution (embedded store), seen from a client in this JVM whose clock stays true.
 *
 * <p>Wall-clock steps: the container runs with Debian's libfaketime preloaded, its offset read from a file the test
 * rewrites (an hour ahead, then an hour behind); the monotonic clock is left alone, as an NTP step leaves it. Leases
 * end at their granted time, neither earlier nor later, whatever the container's wall clock says; client leases in
 * a renewal set are renewed when their landlord's term makes them due, neither early nor late; expiration
 * warnings come when they are due; leases granted after a step last what they were granted for. A step, then a
 * crash: the persistent services rewrote the expirations they recorded before the step, so the restarted container
 * (its clock still stepped) recovers the renewal set, its client lease, the mailbox and the discovery registrations
 * at their granted times, not an hour early.
 *
 * <p>A pause: the container stopped with SIGSTOP for longer than the leases it grants, then resumed with SIGCONT. A
 * lease that ended during the pause stays ended (nothing renews it silently), hour-long ones are all there, a client
 * lease that expired at its landlord during the pause yields a renewal failure event, and an expiration warning due
 * during the pause is sent after it.
 */
public class TimeFaultsIT {

    private static final long HOUR = 3_600_000L;
    private static final Duration BOUND = Duration.ofSeconds(60);
    /** The longest a client lease of {@link #landlord} is granted for: the renewal service renews it this often. */
    private static final long CLIENT_LEASE = 2_000L;
    /** A pause longer than {@link #CLIENT_LEASE} and the short leases the test asks for. */
    private static final long PAUSE_MS = 8_000L;
    private static final long SHORT = 3_000L;
    /** Leases that outlast the wall-clock test's steps and its restart. */
    private static final long LONG = 600_000L;
    /** The persistent services, as they name themselves when they restate their records after a step. */
    private static final List<String> PERSISTENT = List.of("lease renewal service", "event mailbox",
            "lookup discovery service");

    /** The file libfaketime reads the container's wall-clock offset from (FAKETIME_TIMESTAMP_FILE). */
    private static Path offset;
    private static RunningDistribution karaf;
    private static EstuaryClient client;
    private static TestLandlord landlord;
    private static LeaseRenewalService renewal;
    private static PullEventMailbox mailbox;
    private static NestableTransactionManager txn;
    private static LookupDiscoveryService discovery;
    private static final List<RemoteEvent> events = new CopyOnWriteArrayList<>();
    /** When each event of {@link #events} arrived, in this JVM's clock. */
    private static final Map<RemoteEvent, Long> arrivals = new ConcurrentHashMap<>();
    private static RemoteEventListener listener;

    @BeforeClass
    public static void start() throws Exception {
        Path library = faketimeLibrary();
        Path work = Files.createDirectories(Path.of(System.getProperty("estuary.work", "target/work")));
        offset = Files.createTempFile(work, "faketime", ".offset");
        Files.writeString(offset, "+0\n");
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()), home -> { }, home -> {
            ProcessBuilder builder = RunningDistribution.SERVER.command(home);
            builder.environment().put("LD_PRELOAD", library.toString());
            builder.environment().put("FAKETIME_TIMESTAMP_FILE", offset.toString());
            builder.environment().put("FAKETIME_CACHE_DURATION", "1"); // the file is read again every second
            builder.environment().put("FAKETIME_DONT_FAKE_MONOTONIC", "1"); // System.nanoTime stays true
            // libfaketime turns its "monotonic fix" on by itself for glibc 2.30 and later: it then hands the JVM's
            // timed waits on CLOCK_MONOTONIC condition variables (park, sleep, wait) a deadline already past, so
            // every timed wait returns at once and the JVM's waiting threads spin. Off, they wait as long as asked.
            builder.environment().put("FAKETIME_FORCE_MONOTONIC_FIX", "0");
            return builder;
        });
        karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class,
                LookupDiscoveryService.class);
        client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
        landlord = new TestLandlord(client, CLIENT_LEASE);
        renewal = client.lookup(LeaseRenewalService.class);
        mailbox = client.lookup(PullEventMailbox.class);
        txn = client.lookup(NestableTransactionManager.class);
        discovery = client.lookup(LookupDiscoveryService.class);
        listener = client.exportListener(event -> {
            arrivals.put(event, System.currentTimeMillis());
            events.add(event);
        });
    }

    @AfterClass
    public static void stop() throws Exception {
        if (landlord != null) {
            landlord.close();
        }
        if (client != null) {
            client.close();
        }
        if (karaf != null) {
            karaf.close();
        }
    }

    /** Debian's libfaketime (package faketime), which .ci/run installs. */
    private static Path faketimeLibrary() throws IOException {
        try (var found = Files.find(Path.of("/usr/lib"), 3,
                (path, attributes) -> path.getFileName().toString().equals("libfaketime.so.1"))) {
            return found.findFirst().orElseThrow(() -> new AssertionError(
                    "libfaketime.so.1 not found under /usr/lib: install Debian's faketime (apt-get install faketime)"));
        }
    }

    @Test
    public void wallClockStepsNeitherEndLeasesEarlyNorKeepThemLateAlsoAcrossARestart() throws Exception {
        LeaseRenewalSet kept = renewal.createLeaseRenewalSet(LONG);
        long keptGranted = kept.getRenewalSetLease().getExpiration();
        kept.setRenewalFailureListener(listener, null);
        // LR.2: client leases in the set, one renewed every CLIENT_LEASE by its landlord's grant, one not due for
        // renewal until LONG less the service's renewal lead (30 s), long after the steps
        Lease renewed = landlord.lease(CLIENT_LEASE);
        kept.renewFor(renewed, LONG);
        TestLandlord longLandlord = new TestLandlord(client, LONG);
        Lease notDue = longLandlord.lease(LONG);
        kept.renewFor(notDue, LONG + 60_000); // desired beyond its term: a recovery renews it (below)
        long notDueGranted = longLandlord.expiration(notDue);
        MailboxPullRegistration registration = mailbox.pullRegister(LONG);
        long registrationGranted = registration.getLease().getExpiration();
        // LD.3.1: a registration that asks for no groups and no locators, so it discovers nothing and sends nothing
        LookupDiscoveryRegistration discovering = discovery.register(new String[0], null, listener, null, LONG);
        long discoveringGranted = discovering.getLease().getExpiration();
        long transaction = txn.create(LONG).id;
        try {
            step("+1h", HOUR);
            // LE.2: a lease lasts its granted duration: a wall clock an hour ahead ends none of them early
            assertAliveBeforeGranted(kept, keptGranted, registration, registrationGranted, discovering,
                    discoveringGranted);
            assertActive(transaction);
            assertClientLeasesRenewedByTheirOwnTime(kept, renewed, notDue, longLandlord, notDueGranted);
            assertGrantedFromNow("with the clock an hour ahead");

            // A step, then a crash: each persistent service restated the expirations it recorded before the step,
            // so recovery with the clock still an hour ahead puts its leases back at their granted times, not an
            // hour early (expired at once). The transaction and the client lease due every 2 s do not outlive the
            // container (only commit points are durable; the lease would expire at its landlord while it is down).
            txn.abort(transaction);
            kept.remove(renewed);
            landlord.remove(renewed);
            karaf.await("each persistent service restated its records after the step", BOUND,
                    () -> PERSISTENT.stream().allMatch(service -> restatements(service) >= 1));
            karaf = karaf.crashAndRestart();
            karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class,
                    LookupDiscoveryService.class);
            assertAliveBeforeGranted(kept, keptGranted, registration, registrationGranted, discovering,
                    discoveringGranted);
            assertTrue("LR.2: the client lease not yet due left its set at the restart",
                    Arrays.asList(kept.getLeases()).contains(notDue));
            // LR.2: recovery renews each client lease once, as its record may lag a renewal the crash lost; from
            // then on the lease is renewed by its landlord's term again
            long grantedBeforeCrash = notDueGranted;
            karaf.await("the recovered client lease renewed once at its landlord", BOUND,
                    () -> expirationAt(longLandlord, notDue) > grantedBeforeCrash);
            notDueGranted = longLandlord.expiration(notDue);
            Map<String, Integer> restatedBefore = PERSISTENT.stream()
                    .collect(Collectors.toMap(service -> service, TimeFaultsIT::restatements));

            transaction = txn.create(LONG).id;
            renewed = landlord.lease(CLIENT_LEASE);
            kept.renewFor(renewed, LONG);
            LeaseRenewalSet warned = warnedSet();
            step("-1h", -HOUR);
            assertAliveBeforeGranted(kept, keptGranted, registration, registrationGranted, discovering,
                    discoveringGranted);
            assertActive(transaction);
            assertClientLeasesRenewedByTheirOwnTime(kept, renewed, notDue, longLandlord, notDueGranted);
            assertGrantedFromNow("with the clock an hour behind");
            // LR.3.1: the warning asked for before the step comes at its time, not an hour later
            long warnAt = warned.getRenewalSetLease().getExpiration() - WARNING_MS;
            karaf.await("the expiration warning due " + WARNING_MS + " ms before the set's expiration", BOUND,
                    () -> events.stream().anyMatch(e -> e instanceof ExpirationWarningEvent
                            && warned.equals(e.getSource())));
            long warnedAt = events.stream().filter(e -> e instanceof ExpirationWarningEvent
                    && warned.equals(e.getSource())).mapToLong(arrivals::get).min().orElseThrow();
            assertTrue("LR.3.1: the warning came at " + warnedAt + ", before its time " + warnAt, warnedAt >= warnAt);
            // nor does a wall clock an hour behind keep a lease beyond its granted time: no silent renewal
            LeaseRenewalSet brief = renewal.createLeaseRenewalSet(SHORT);
            long briefGranted = brief.getRenewalSetLease().getExpiration();
            karaf.await("the 3 s renewal set ended at its granted time with the clock behind", BOUND,
                    () -> gone(brief));
            assertTrue("the 3 s renewal set ended before its granted time",
                    System.currentTimeMillis() >= briefGranted);
            // the step back was seen and restated as well
            karaf.await("the persistent services restated their records after the step back", BOUND,
                    () -> PERSISTENT.stream().allMatch(service -> restatements(service) > restatedBefore.get(service)));
            // LR.2.1: no client lease failed to be renewed through either step or the restart
            assertFalse("a renewal failure event for a client lease of the set kept through the steps",
                    events.stream().anyMatch(e -> e instanceof RenewalFailureEvent && kept.equals(e.getSource())));
        } finally {
            step("+0", 0);
            longLandlord.close();
        }
        landlord.remove(renewed);
        kept.getRenewalSetLease().cancel();
        registration.getLease().cancel();
        discovering.getLease().cancel();
        txn.abort(transaction);
    }

    /** How often {@code service} logged that it restated its records after a step of the wall clock. */
    private static int restatements(String service) {
        return karaf.logged(service + ": restated the expirations of");
    }

    private static void assertActive(long transaction) throws Exception {
        assertEquals("TX.2.1: the transaction ended before its lease", TransactionConstants.ACTIVE,
                txn.getState(transaction));
    }

    /**
     * LR.2: right after a step of the container's wall clock, both client leases are still in their set; the one
     * not yet due has not been renewed (its landlord holds the expiration it granted: no renewal came early), and
     * the short one is renewed after the step (its landlord's expiration moves past what any renewal before the step
     * gave it) and stays held by its landlord (not renewed late).
     */
    private static void assertClientLeasesRenewedByTheirOwnTime(LeaseRenewalSet set, Lease renewed, Lease notDue,
            TestLandlord longLandlord, long notDueGranted) throws Exception {
        long stepped = System.currentTimeMillis();
        List<Lease> held = Arrays.asList(set.getLeases());
        assertTrue("LR.2: the client leases left their set after the step: " + held,
                held.contains(renewed) && held.contains(notDue));
        assertEquals("LR.2: the client lease not yet due was renewed after the step, early", notDueGranted,
                longLandlord.expiration(notDue));
        karaf.await("the short client lease renewed after the step", BOUND,
                () -> expirationAt(renewed) > stepped + CLIENT_LEASE);
    }

    /** The expiration {@link #landlord} holds for {@code lease}; fails if it holds none (the lease expired). */
    private static long expirationAt(Lease lease) {
        return expirationAt(landlord, lease);
    }

    /** The expiration {@code grantor} holds for {@code lease}; fails if it holds none (the lease expired). */
    private static long expirationAt(TestLandlord grantor, Lease lease) {
        try {
            return grantor.expiration(lease);
        } catch (Exception e) {
            throw new AssertionError("the client lease expired at its landlord: the service did not renew it", e);
        }
    }

    /** How long before its set's expiration {@link #warnedSet()} asks to be warned. */
    private static final long WARNING_MS = 30_000L;

    /** A set of 60 s whose expiration warning is due 30 s from now (LR.3.1). */
    private static LeaseRenewalSet warnedSet() throws Exception {
        LeaseRenewalSet warned = renewal.createLeaseRenewalSet(2 * WARNING_MS);
        warned.setExpirationWarningListener(listener, WARNING_MS, null);
        return warned;
    }

    /** LE.2: a lease granted now lasts at most its requested duration from now, in the client's clock. */
    private static void assertGrantedFromNow(String when) throws Exception {
        long before = System.currentTimeMillis();
        LeaseRenewalSet fresh = renewal.createLeaseRenewalSet(LONG);
        long granted = fresh.getRenewalSetLease().getExpiration();
        long after = System.currentTimeMillis();
        assertTrue("a set of " + LONG + " ms granted " + when + " expires at " + granted + ", beyond its duration",
                granted <= after + LONG);
        assertTrue("a set of " + LONG + " ms granted " + when + " expires at " + granted + ", in the past",
                granted > before);
        fresh.getRenewalSetLease().cancel();
    }

    /** Writes the container's clock offset and waits until the container's wall clock shows it. */
    private static void step(String spec, long offsetMs) throws Exception {
        Files.writeString(offset, spec + "\n");
        // A tolerance that tells the offsets apart (they differ by an hour), not a measure of the step's speed.
        karaf.await("the container's wall clock at offset " + spec, BOUND, () -> {
            try {
                long container = containerTime();
                return container > 0 && Math.abs(container - System.currentTimeMillis() - offsetMs) < 600_000;
            } catch (IOException notYet) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    /** Each {@link #containerTime()} logs a line of its own, told apart by this number. */
    private static final AtomicInteger probes = new AtomicInteger();
    /** The time at the start of each Karaf log line, in the container's wall clock and time zone (ISO 8601). */
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS");

    /**
     * The container's wall clock: the time Karaf's log writes at the start of a line the test has the container log
     * now ({@code log:log} over SSH), or -1 while that line is not there yet.
     */
    private static long containerTime() throws IOException, InterruptedException {
        String mark = "TimeFaultsIT clock probe " + probes.incrementAndGet();
        karaf.ssh("log:log '" + mark + "'");
        for (String line : karaf.fullLog().split("\\R")) {
            if (line.endsWith("| " + mark)) {
                return LocalDateTime.parse(line.substring(0, line.indexOf(" |")), LOG_TIME)
                        .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
            }
        }
        return -1;
    }

    private static void assertAliveBeforeGranted(LeaseRenewalSet set, long setGranted,
            MailboxPullRegistration registration, long registrationGranted, LookupDiscoveryRegistration discovering,
            long discoveringGranted) throws Exception {
        long now = System.currentTimeMillis();
        assertTrue("the check comes before the leases' granted times",
                now < setGranted && now < registrationGranted && now < discoveringGranted);
        assertFalse("the renewal set ended before its granted time " + setGranted, gone(set));
        registration.getRemoteEvents().close(); // NoSuchObjectException if it ended (EM.2)
        discovering.getGroups(); // NoSuchObjectException if it ended (LD.4.1)
    }

    @Test
    public void aPauseLongerThanTheLeasesEndsThemAndReportsWhatWasNotRenewed() throws Exception {
        LeaseRenewalSet kept = renewal.createLeaseRenewalSet(HOUR);
        kept.setRenewalFailureListener(listener, null);
        Lease clientLease = landlord.lease(CLIENT_LEASE);
        kept.renewFor(clientLease, HOUR);
        LeaseRenewalSet shortSet = renewal.createLeaseRenewalSet(SHORT);
        long shortGranted = shortSet.getRenewalSetLease().getExpiration();
        LeaseRenewalSet warned = renewal.createLeaseRenewalSet(PAUSE_MS + 4 * SHORT);
        warned.setExpirationWarningListener(listener, PAUSE_MS + 3 * SHORT, null); // due at once or during the pause
        MailboxPullRegistration shortRegistration = mailbox.pullRegister(SHORT);
        long shortRegistrationGranted = shortRegistration.getLease().getExpiration();
        MailboxPullRegistration keptRegistration = mailbox.pullRegister(HOUR);
        long shortTransaction = txn.create(SHORT).id;

        karaf.signal("STOP");
        try {
            Thread.sleep(PAUSE_MS); // the fault itself: the container frozen for this long
        } finally {
            karaf.signal("CONT");
        }
        // LR.3: the client lease reached its actual expiration at its landlord during the pause; the service's
        // next attempt gets a definite exception: a renewal failure event, and the lease leaves the set
        karaf.await("a renewal failure event for the client lease that expired during the pause", BOUND,
                () -> events.stream().anyMatch(e -> e instanceof RenewalFailureEvent && kept.equals(e.getSource())
                        && clientLease.equals(failed((RenewalFailureEvent) e))));
        assertFalse(Arrays.asList(kept.getLeases()).contains(clientLease));
        // LR.3.1: the expiration warning whose time came during the pause is sent once the container runs again
        karaf.await("the expiration warning due during the pause", BOUND,
                () -> events.stream().anyMatch(e -> e instanceof ExpirationWarningEvent
                        && warned.equals(e.getSource())));
        // leases granted for less than the pause ended, and nothing renewed them silently
        assertTrue(System.currentTimeMillis() > shortGranted && System.currentTimeMillis() > shortRegistrationGranted);
        assertTrue("the 3 s renewal set outlived its lease", gone(shortSet));
        try {
            shortRegistration.getRemoteEvents();
            fail("EM.2: the 3 s mailbox registration outlived its lease");
        } catch (NoSuchObjectException expected) {
            // ended at its granted time
        }
        karaf.await("TX.2.3: the transaction whose 3 s lease ended during the pause is aborted", BOUND,
                () -> abortedOrForgotten(shortTransaction));
        // and the hour-long ones are all there
        assertEquals(0, kept.getLeases().length);
        assertEquals(null, keptRegistration.getRemoteEvents().next(0));
    }

    private static boolean gone(LeaseRenewalSet set) {
        try {
            set.getLeases();
            return false;
        } catch (NoSuchObjectException ended) {
            return true;
        } catch (Exception other) {
            throw new AssertionError(other);
        }
    }

    private static Lease failed(RenewalFailureEvent event) {
        try {
            return event.getLease();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean abortedOrForgotten(long id) {
        try {
            return txn.getState(id) == TransactionConstants.ABORTED;
        } catch (UnknownTransactionException forgotten) {
            return true;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
