package org.estuary.discovery.net;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import org.estuary.core.concurrent.Pools;

/**
 * A bounded pool that runs one discovery exchange per connection and closes the connection after it:
 * {@value #THREADS} threads, at most {@value #QUEUED} connections waiting. A connection beyond that is closed at
 * once (its peer asks again: a requester repeats its request, a client retries its unicast discovery).
 */
final class Connections implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Connections.class.getName());

    /** Threads running exchanges. */
    static final int THREADS = 2;

    /** Connections that may wait for a thread; also the accept backlog of the ports that feed the pool. */
    static final int QUEUED = 64;

    /** One exchange on a connection. */
    interface Exchange {
        void run(Socket socket) throws IOException;
    }

    private final String name;
    private final ThreadPoolExecutor pool;

    Connections(String name) {
        this.name = name;
        this.pool = Pools.bounded(name, THREADS, QUEUED);
    }

    /** Runs the exchange on the connection in a pool thread, or closes the connection if the pool is full. */
    void handle(Socket socket, Exchange exchange) {
        try {
            pool.execute(() -> {
                try (socket) {
                    exchange.run(socket);
                } catch (IOException | RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, name + ": exchange with " + socket.getRemoteSocketAddress()
                            + " failed: " + e, e);
                }
            });
        } catch (RejectedExecutionException e) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // the peer asks again
            }
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
