package org.estuary.remote.internal.mux;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.estuary.core.concurrent.Pools;
import org.estuary.io.RateLimitedLog;
import org.estuary.io.ReadScope;
import org.estuary.remote.internal.ServerSockets;

/**
 * The server side of Estuary's multiplexed transport: objects exported under unguessable ids, reached over
 * connections that each carry the calls of many client threads ({@link ServerConnection}). It listens on the server
 * socket it is given (the exporter's: its bind address, TLS, timeouts and connection caps) and runs calls in threads
 * of its own, named {@code estuary-mux-*}, as many as calls wait at once plus one reader per connection.
 */
public final class MuxServer implements AutoCloseable {

    /** The client address of the call this thread runs, for {@link #caller()}. */
    static final ThreadLocal<String> CALLER = new ThreadLocal<>();

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");
    private static final SecureRandom IDS = new SecureRandom();

    /** What is exported under an id: the object, its remote methods by hash, the loader and scope calls are read in. */
    record Export(Object impl, Map<Long, Method> methods, ClassLoader loader, ReadScope calls) {
    }

    private final ServerSocket listener;
    private final ServerSockets sockets;
    private final int maxPayload;
    private final Map<UUID, Export> exports = new ConcurrentHashMap<>();
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads;
    private final RateLimitedLog refusals = new RateLimitedLog(LOG);
    private final Thread acceptor;
    /** Calls read and not answered yet, in all connections: running, or waiting for an answer sent later. */
    private final java.util.concurrent.atomic.AtomicInteger unanswered = new java.util.concurrent.atomic.AtomicInteger();
    private volatile boolean closed;

    /**
     * Listens on {@code port} of {@code sockets} (0: any free port) and serves at once.
     *
     * @param maxPayload the largest frame accepted from a client, in bytes
     * @throws IOException if it cannot listen there
     */
    public MuxServer(ServerSockets sockets, int port, int maxPayload) throws IOException {
        this.sockets = sockets;
        this.listener = sockets.createServerSocket(port);
        this.maxPayload = maxPayload;
        this.threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
                Pools.daemonThreads("estuary-mux-" + listener.getLocalPort()));
        this.acceptor = Pools.daemonThreads("estuary-mux-accept-" + listener.getLocalPort()).newThread(this::accept);
        acceptor.start();
    }

    /** The port it listens on. */
    public int port() {
        return listener.getLocalPort();
    }

    /**
     * Exports {@code impl} for calls of the methods of {@code type} (an interface extending {@code Remote}), their
     * arguments read in {@code calls} through {@code loader}; returns its new id.
     */
    public UUID export(Remote impl, Class<?> type, ClassLoader loader, ReadScope calls) {
        Map<Long, Method> methods = new HashMap<>();
        for (Method method : type.getMethods()) {
            if (method.getDeclaringClass() != Object.class) {
                methods.put(Wire.methodHash(method), method);
            }
        }
        UUID id = new UUID(IDS.nextLong(), IDS.nextLong());
        exports.put(id, new Export(impl, Map.copyOf(methods), loader, calls));
        return id;
    }

    /** Withdraws an export: calls in progress finish; later ones are told there is no such object. */
    public void unexport(UUID id) {
        exports.remove(id);
    }

    /** The client address of the call the current thread runs, or null if it runs none of this transport's. */
    public static String caller() {
        return CALLER.get();
    }

    Export export(UUID id) {
        return exports.get(id);
    }

    /** Counts calls read ({@code delta} 1) and answered (-1); the calls unanswered now. */
    int unanswered(int delta) {
        return unanswered.addAndGet(delta);
    }

    /** Whether every call read has been answered, in every connection. */
    boolean idle() {
        return unanswered.get() == 0;
    }

    /** A whole call arrived on {@code socket}: its request deadline starts again (now, if the next one began). */
    void arrived(Socket socket, boolean nextBegun) {
        sockets.requestArrived(socket, nextBegun);
    }

    /** A connection's reading goes on in another thread. */
    void readOn(ServerConnection connection) {
        try {
            threads.execute(connection::read);
        } catch (RejectedExecutionException closing) {
            connection.close();
        }
    }

    /** Runs {@code task} of {@code connection} (its answers sent later) in another thread. */
    void execute(ServerConnection connection, Runnable task) {
        try {
            threads.execute(task);
        } catch (RejectedExecutionException closing) {
            connection.close();
        }
    }

    void refused(String client, String why) {
        refusals.warn("closed a connection from " + client + " to port " + port() + ": " + why);
    }

    void closed(ServerConnection connection) {
        connections.remove(connection);
    }

    private void accept() {
        while (!closed) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.log(System.Logger.Level.WARNING, "the multiplexed transport's port {0} stopped accepting: "
                            + "{1}", port(), e.toString());
                }
                return;
            }
            try {
                ServerConnection connection = new ServerConnection(this, socket, maxPayload);
                connections.add(connection);
                threads.execute(connection::open);
            } catch (IOException | RejectedExecutionException e) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // refused
                }
            }
        }
    }

    /**
     * Stops listening and closes every connection; calls in progress finish without a reader of their replies. Once
     * it returns the port accepts nothing: the listening socket is released only when its accepting thread has left
     * {@code accept}, which a connection arriving meanwhile would still complete.
     */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing
        }
        try {
            acceptor.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ServerConnection connection : connections) {
            connection.close();
        }
        exports.clear();
        threads.shutdown();
    }
}
