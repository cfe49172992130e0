package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.rmi.NoSuchObjectException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
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
 * Time faults on the distribution (journal store), seen from a client in this JVM: the container paused with
 * SIGSTOP for longer than the leases it grants, then resumed with SIGCONT. A lease that ended during the pause stays
 * ended (nothing renews it silently), hour-long ones are all there, a client lease that expired at its landlord during
 * the pause yields a renewal failure event, and an expiration warning due during the pause is sent after it.
 */
public class TimeFaultsIT {

    private static final long HOUR = 3_600_000L;
    private static final Duration BOUND = Duration.ofSeconds(60);
    /** The longest a client lease of {@link #landlord} is granted for: the renewal service renews it this often. */
    private static final long CLIENT_LEASE = 2_000L;
    /** A pause longer than {@link #CLIENT_LEASE} and the short leases the test asks for. */
    private static final long PAUSE_MS = 8_000L;
    private static final long SHORT = 3_000L;

    private static RunningDistribution karaf;
    private static EstuaryClient client;
    private static TestLandlord landlord;
    private static LeaseRenewalService renewal;
    private static PullEventMailbox mailbox;
    private static NestableTransactionManager txn;
    private static final List<RemoteEvent> events = new CopyOnWriteArrayList<>();
    private static RemoteEventListener listener;

    @BeforeClass
    public static void start() throws Exception {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class);
        client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
        landlord = new TestLandlord(client, CLIENT_LEASE);
        renewal = client.lookup(LeaseRenewalService.class);
        mailbox = client.lookup(PullEventMailbox.class);
        txn = client.lookup(NestableTransactionManager.class);
        listener = client.exportListener(events::add);
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
