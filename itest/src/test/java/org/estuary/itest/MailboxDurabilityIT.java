package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
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

import org.junit.ClassRule;
import org.junit.Test;

/**
 * Durability of the event mailbox of the distribution, on its default embedded store, used from this JVM through
 * org.estuary.client: replacing the mailbox bundle while a generator keeps sending loses no acknowledged event and
 * old proxies keep working; a container killed with SIGKILL comes back with its registrations, mailbox listeners,
 * unknown-event lists, push targets and undelivered events.
 */
public class MailboxDurabilityIT {

    private static final long HOUR = 3_600_000L;

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(PullEventMailbox.class);

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
        MailboxPullRegistration registration = KARAF.client().lookup(PullEventMailbox.class).pullRegister(HOUR);
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
        KARAF.get().await("events acknowledged before the update", Duration.ofSeconds(30),
                () -> acknowledged.size() >= 50);

        KARAF.get().updateBundle("org.estuary.mailbox", "Estuary event mailbox active");
        int before = acknowledged.size();
        KARAF.get().await("events acknowledged again after the update", Duration.ofSeconds(60),
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
        PullEventMailbox mailbox = KARAF.client().lookup(PullEventMailbox.class);
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
        RemoteEventListener target = KARAF.client().exportListener(delivered::add);
        push.enableDelivery(target);

        KARAF.crashAndRestart();

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
        KARAF.get().await("the event pushed to the target recorded before the crash", Duration.ofSeconds(30),
                () -> delivered.size() == 1);
        assertEquals("pushed", delivered.get(0).getSource());
        KARAF.client().unexport(target);
    }

    private static void assertUnknown(RemoteEventListener listener) throws Exception {
        try {
            listener.notify(new RemoteEvent("unwanted", 7, 2, null));
            fail("EM.7.1: an event of a pair on the unknown-event list is refused to its generator");
        } catch (UnknownEventException expected) {
            // refused
        }
    }
}
