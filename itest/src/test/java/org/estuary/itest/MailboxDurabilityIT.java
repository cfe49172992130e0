package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.estuary.client.EstuaryClient;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Durability of the event mailbox of the distribution, on its default journal store, used from this JVM through
 * org.estuary.client: replacing the mailbox bundle while a generator keeps sending loses no acknowledged event and
 * old proxies keep working; a container killed with SIGKILL comes back with its registrations, mailbox listeners,
 * unknown-event lists, push targets and undelivered events.
 */
public class MailboxDurabilityIT {

    private static final long HOUR = 3_600_000L;

    private static RunningDistribution karaf;
    private static EstuaryClient client;

    @BeforeClass
    public static void start() throws Exception {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        karaf.awaitBound(PullEventMailbox.class);
        client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
    }

    @AfterClass
    public static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (karaf != null) {
            karaf.close();
        }
    }

    /** Pulls every stored event of {@code registration} and closes the iterator. */
    private static List<RemoteEvent> pullAll(MailboxPullRegistration registration) throws Exception {
        RemoteEventIterator events = registration.getRemoteEvents();
        List<RemoteEvent> pulled = new ArrayList<>();
        for (RemoteEvent event; (event = events.next(0)) != null;) {
            pulled.add(event);
        }
        events.close();
        return pulled;
    }

    @Test
    public void bundleUpdateUnderLoadLosesNoAcknowledgedEvent() throws Exception {
        MailboxPullRegistration registration = client.lookup(PullEventMailbox.class).pullRegister(HOUR);
        RemoteEventListener listener = registration.getListener();
        Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        Thread generator = new Thread(() -> {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // bounded in time and count
            for (long i = 1; i <= 100_000 && running.get() && System.nanoTime() < end; i++) {
                try {
                    listener.notify(new RemoteEvent("load", 1, i, null));
                    acknowledged.add(i); // acknowledged: must survive
                } catch (RemoteException retryable) {
                    // US.2.6: mid-swap failures are indefinite; the event may or may not be stored
                } catch (Throwable e) {
                    wrong.compareAndSet(null, e);
                    return;
                }
            }
        }, "it-mailbox-load");
        generator.start();
        karaf.await("events acknowledged before the update", Duration.ofSeconds(30), () -> acknowledged.size() >= 50);

        int activations = activations();
        String updated = karaf.ssh("bundle:update org.estuary.mailbox");
        assertTrue("bundle:update ran: " + updated, updated.isBlank());
        karaf.await("the mailbox component activated again from the updated bundle", Duration.ofSeconds(60),
                () -> activations() > activations);
        int before = acknowledged.size();
        karaf.await("events acknowledged again after the update", Duration.ofSeconds(60),
                () -> acknowledged.size() >= before + 50 || wrong.get() != null);
        running.set(false);
        generator.join(30_000);
        if (wrong.get() != null) {
            throw new AssertionError("a notify during the update got a wrong answer, not an indefinite failure",
                    wrong.get());
        }
        Set<Long> pulled = new TreeSet<>();
        for (RemoteEvent event : pullAll(registration)) { // the registration proxy from before the update
            pulled.add(event.getSequenceNumber());
        }
        Set<Long> lost = new TreeSet<>(acknowledged);
        lost.removeAll(pulled);
        assertEquals("acknowledged events lost across bundle:update", Set.of(), lost);
    }

    @Test
    public void aCrashedContainerKeepsRegistrationsListenersUnknownListsTargetsAndEvents() throws Exception {
        PullEventMailbox mailbox = client.lookup(PullEventMailbox.class);
        MailboxPullRegistration pull = mailbox.pullRegister(HOUR);
        RemoteEventListener pullListener = pull.getListener();
        for (long i = 1; i <= 3; i++) {
            pullListener.notify(new RemoteEvent("kept", 1, i, null));
        }
        RemoteEventIterator iterator = pull.getRemoteEvents();
        pull.addUnknownEvents(List.of(new RemoteEvent("unwanted", 7, 1, null)));
        assertUnknown(pullListener);

        MailboxRegistration push = mailbox.register(HOUR);
        List<RemoteEvent> delivered = new CopyOnWriteArrayList<>();
        RemoteEventListener target = client.exportListener(delivered::add);
        push.enableDelivery(target);

        karaf = karaf.crashAndRestart();
        karaf.awaitBound(PullEventMailbox.class);

        assertUnknown(pullListener); // the unknown-event list came back
        pullListener.notify(new RemoteEvent("kept", 1, 4, null)); // so did the listener and its registration
        List<Long> sequence = new ArrayList<>();
        for (RemoteEvent event; (event = iterator.next(0)) != null;) { // and the iterator, still valid
            sequence.add(event.getSequenceNumber());
        }
        assertEquals(List.of(1L, 2L, 3L, 4L), sequence);
        iterator.close();
        assertNull(pull.getRemoteEvents().next(0));

        push.getListener().notify(new RemoteEvent("pushed", 1, 1, null)); // the target came back
        karaf.await("the event pushed to the target recorded before the crash", Duration.ofSeconds(30),
                () -> delivered.size() == 1);
        assertEquals("pushed", delivered.get(0).getSource());
        client.unexport(target);
    }

    private static void assertUnknown(RemoteEventListener listener) throws Exception {
        try {
            listener.notify(new RemoteEvent("unwanted", 7, 2, null));
            fail("EM.7.1: an event of a pair on the unknown-event list is refused to its generator");
        } catch (UnknownEventException expected) {
            // refused
        }
    }

    /** How often the container's log says the component activated. */
    private static int activations() {
        return karaf.logged("Estuary event mailbox active");
    }
}
