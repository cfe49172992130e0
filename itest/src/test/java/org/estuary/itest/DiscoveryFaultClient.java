package org.estuary.itest;

import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.client.EstuaryClient;

/**
 * A client of the lookup discovery service under faults: it registers for discovery of no group at first and adds
 * groups of its own to its registrations, one per call, each name new (additions commute, so concurrent calls on
 * one registration leave one answer to check). Checked: every acknowledged registration still answers before its
 * granted expiration (LD.3.1: a registration persists until its lease ends), every acknowledged group is among its
 * groups (LD.4.1.1) and no group is there that this client never asked for.
 */
final class DiscoveryFaultClient extends FaultClient implements AutoCloseable {

    private static final long HOUR = 3_600_000L;
    /** Registrations that take new groups at a time. */
    private static final int OPEN_REGISTRATIONS = 4;
    /**
     * Groups asked for per registration, below the service's default limit of 64 (max.groups.per.registration) even
     * if every indefinite call took effect; a check cancels a registration that reached it.
     */
    private static final int GROUPS_PER_REGISTRATION = 48;

    /** One acknowledged registration, the groups asked for (acknowledged or not) and the acknowledged ones. */
    private record Tracked(LookupDiscoveryRegistration registration, long granted, int number,
            AtomicInteger asked, Set<String> acknowledged) implements Leased {

        @Override
        public String what() {
            return "discovery registration " + number;
        }

        boolean open() {
            return asked.get() < GROUPS_PER_REGISTRATION;
        }

        String group(int n) {
            return "fault-" + number + "-" + n;
        }
    }

    private final EstuaryClient client;
    private final LookupDiscoveryService service;
    private final RemoteEventListener listener;
    private final List<Tracked> registrations = new CopyOnWriteArrayList<>();
    private final AtomicInteger numbers = new AtomicInteger();

    DiscoveryFaultClient(EstuaryClient client) throws Exception {
        this.client = client;
        service = client.lookup(LookupDiscoveryService.class);
        listener = client.exportListener(event -> { }); // no lookup service answers the groups asked for
    }

    @Override
    public String name() {
        return "discovery";
    }

    @Override
    public void step(Random random) throws Exception {
        List<Tracked> open = registrations.stream().filter(Tracked::open).toList();
        if (open.size() < OPEN_REGISTRATIONS) {
            LookupDiscoveryRegistration registration = service.register(new String[0], null, listener, null, HOUR);
            registrations.add(new Tracked(registration, registration.getLease().getExpiration(),
                    numbers.incrementAndGet(), new AtomicInteger(), ConcurrentHashMap.newKeySet()));
        } else {
            Tracked tracked = open.get(random.nextInt(open.size()));
            int n = tracked.asked.getAndIncrement();
            if (n >= GROUPS_PER_REGISTRATION) {
                return; // another thread took the last group of this registration; the next step picks again
            }
            String group = tracked.group(n);
            tracked.registration.addGroups(new String[] {group});
            tracked.acknowledged.add(group);
        }
        acknowledge();
    }

    @Override
    public List<String> check() throws Exception {
        return checkEach(registrations, (tracked, lost) -> {
            Set<String> groups = Set.of(tracked.registration.getGroups());
            for (String group : tracked.acknowledged) {
                if (!groups.contains(group)) {
                    lost.add(tracked.what() + " lost the acknowledged group " + group);
                }
            }
            int asked = Math.min(tracked.asked.get(), GROUPS_PER_REGISTRATION);
            for (String group : groups) {
                boolean mine = false;
                for (int n = 0; n < asked && !mine; n++) {
                    mine = tracked.group(n).equals(group);
                }
                if (!mine) {
                    lost.add(tracked.what() + " holds the group " + group + " that its client never asked for");
                }
            }
            if (tracked.open()) {
                return false;
            }
            tracked.registration.getLease().cancel();
            return true;
        });
    }

    @Override
    public void close() {
        client.unexport(listener);
    }
}
