package org.estuary.remote.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one thread of this JVM that ends the reads of {@link DeadlineSocket}s that waited past their timeout. It
 * sweeps the sockets in use every {@link #SWEEP_MS} and stops while there are none (an idle JVM keeps no thread
 * waking up for nothing).
 */
final class ReadDeadlines {

    /** How often the sockets are checked: a read ends at most this long after its timeout. */
    static final long SWEEP_MS = 50;

    private static final Set<DeadlineSocket> WATCHED = ConcurrentHashMap.newKeySet();
    private static Thread sweeper; // guarded by ReadDeadlines.class

    private ReadDeadlines() {
    }

    static void watch(DeadlineSocket socket) {
        WATCHED.add(socket);
        synchronized (ReadDeadlines.class) {
            if (sweeper == null) {
                sweeper = new Thread(ReadDeadlines::sweep, "estuary-read-deadlines");
                sweeper.setDaemon(true);
                sweeper.setContextClassLoader(null); // outlives the call that started it: pins no caller's loader
                sweeper.start();
            }
        }
    }

    static void unwatch(DeadlineSocket socket) {
        WATCHED.remove(socket);
    }

    private static void sweep() {
        while (true) {
            try {
                Thread.sleep(SWEEP_MS);
            } catch (InterruptedException e) {
                // not ours to stop: the sockets still need their bound
            }
            long now = System.nanoTime();
            WATCHED.removeIf(socket -> !socket.expireIfOverdue(now));
            synchronized (ReadDeadlines.class) {
                if (WATCHED.isEmpty()) {
                    sweeper = null;
                    return;
                }
            }
        }
    }
}
