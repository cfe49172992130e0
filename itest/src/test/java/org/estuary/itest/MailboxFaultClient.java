package org.estuary.itest;

import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.estuary.client.EstuaryClient;

/**
 * A client of the event mailbox under faults: it registers for pull delivery and sends events to the mailbox
 * listeners of its registrations. Checked: every acknowledged registration still answers before its granted
 * expiration (EM.2), and every event whose {@code notify} returned is pulled from it (EM.3: the mailbox stores what
 * it acknowledges until it is delivered).
 */
final class MailboxFaultClient extends FaultClient {

    private static final long HOUR = 3_600_000L;
    private static final int REGISTRATIONS = 4;
    /** A registration is cancelled and replaced once a check has seen this many of its events. */
    private static final int EVENTS_PER_REGISTRATION = 2_000;

    /** One acknowledged registration and the sequence numbers of its acknowledged and of its pulled events. */
    private record Tracked(MailboxPullRegistration registration, RemoteEventListener listener, long granted,
            AtomicLong next, Set<Long> acknowledged, Set<Long> pulled) implements Leased {
        @Override
        public String what() {
            return "mailbox registration " + registration;
        }
    }

    private final PullEventMailbox mailbox;
    private final List<Tracked> registrations = new CopyOnWriteArrayList<>();

    MailboxFaultClient(EstuaryClient client) throws Exception {
        mailbox = client.lookup(PullEventMailbox.class);
    }

    @Override
    public String name() {
        return "mailbox";
    }

    @Override
    public void step(Random random) throws Exception {
        if (registrations.size() < REGISTRATIONS) {
            MailboxPullRegistration registration = mailbox.pullRegister(HOUR);
            registrations.add(new Tracked(registration, registration.getListener(),
                    registration.getLease().getExpiration(), new AtomicLong(1), ConcurrentHashMap.newKeySet(),
                    ConcurrentHashMap.newKeySet()));
        } else {
            Tracked tracked = registrations.get(random.nextInt(registrations.size()));
            long sequence = tracked.next.getAndIncrement();
            tracked.listener.notify(new RemoteEvent("fault-load", 1, sequence, null));
            tracked.acknowledged.add(sequence);
        }
        acknowledge();
    }

    @Override
    public List<String> check() throws Exception {
        return checkEach(registrations, (tracked, lost) -> {
            RemoteEventIterator events = tracked.registration.getRemoteEvents();
            for (RemoteEvent event; (event = events.next(0)) != null;) {
                tracked.pulled.add(event.getSequenceNumber());
            }
            events.close();
            for (Long sequence : tracked.acknowledged) {
                if (!tracked.pulled.contains(sequence)) {
                    lost.add(tracked.what() + " lost the acknowledged event " + sequence);
                }
            }
            if (tracked.acknowledged.size() < EVENTS_PER_REGISTRATION) {
                return false;
            }
            tracked.registration.getLease().cancel();
            return true;
        });
    }
}
