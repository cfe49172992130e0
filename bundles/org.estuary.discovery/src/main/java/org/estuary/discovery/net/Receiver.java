package org.estuary.discovery.net;

import java.io.Closeable;
import java.io.IOException;

/**
 * One thread that runs a blocking receive (of a packet, of a connection) again and again until its socket is
 * closed. A failure of one round is logged at DEBUG and the loop goes on after a short pause; closing the socket
 * ends it.
 */
final class Receiver implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Receiver.class.getName());

    /** One round: blocks until something arrives, handles it. */
    interface Round {
        void run() throws IOException;
    }

    /** The pause after a failed round, so a socket that keeps failing costs little. */
    private static final long FAILURE_PAUSE_MILLIS = 100;

    private final Closeable socket;
    private final Thread thread;
    private volatile boolean closed;

    Receiver(String name, Closeable socket, Round round) {
        this.socket = socket;
        this.thread = new Thread(() -> {
            while (!closed) {
                try {
                    round.run();
                } catch (IOException | RuntimeException e) {
                    if (!closed) {
                        LOG.log(System.Logger.Level.DEBUG, name + ": " + e, e);
                        pause(); // a socket that keeps failing (no file descriptors left) must not spin a core
                    }
                }
            }
        }, name);
        thread.setDaemon(true);
    }

    private static void pause() {
        try {
            Thread.sleep(FAILURE_PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    Receiver start() {
        thread.start();
        return this;
    }

    /** Closes the socket and waits (at most 5 s) for the thread to leave its round. */
    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "closing " + thread.getName() + ": " + e, e);
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
