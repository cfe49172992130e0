package org.estuary.itest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy the test controls, between a client and a server on loopback addresses: it forwards bytes as they
 * come, {@linkplain #delay(long) late}, {@linkplain #blackHole() not at all} (connections stay open and silent, as
 * behind a dead router, and new ones are accepted and held), or {@linkplain #drop() drops} every open connection
 * with a reset. Each connection has two daemon threads that end when either side closes or on {@link #close()}.
 */
final class TcpProxy implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile long delayMs;
    private volatile boolean blackHole;

    TcpProxy(InetSocketAddress listen, InetSocketAddress target) throws IOException {
        this.target = target;
        server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(listen);
        Thread acceptor = new Thread(this::accept, "tcp-proxy-" + listen.getPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Forwards every byte at once again (what was held in the black hole goes on). */
    synchronized void forward() {
        delayMs = 0;
        blackHole = false;
        notifyAll();
    }

    /** Holds every chunk of bytes {@code ms} before forwarding it. */
    void delay(long ms) {
        delayMs = ms;
    }

    /** Forwards nothing, in either direction, on open and new connections, until {@link #forward()}. */
    synchronized void blackHole() {
        blackHole = true;
    }

    /** Resets every open connection (both sides see the connection die); new ones are forwarded. */
    void drop() {
        for (Socket socket : open) {
            reset(socket);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Thread connect = new Thread(() -> connect(client), "tcp-proxy-connect");
                connect.setDaemon(true);
                connect.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void connect(Socket client) {
        open.add(client);
        Socket upstream = new Socket();
        try {
            awaitPassage();
            upstream.connect(target, 10_000);
            open.add(upstream);
        } catch (IOException | InterruptedException e) {
            reset(client);
            close(upstream);
            return;
        }
        pump(client, upstream, "up");
        pump(upstream, client, "down");
    }

    private void pump(Socket from, Socket to, String direction) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16_384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0;) {
                    awaitPassage();
                    long delay = delayMs;
                    if (delay > 0) {
                        Thread.sleep(delay);
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException closed) {
                // either side closed or was reset: end both
            } finally {
                close(from);
                close(to);
            }
        }, "tcp-proxy-" + direction);
        thread.setDaemon(true);
        thread.start();
    }

    /** Blocks while the proxy is a black hole (until {@link #forward()} or {@link #close()}). */
    private synchronized void awaitPassage() throws InterruptedException {
        while (blackHole && !server.isClosed()) {
            wait(1_000);
        }
    }

    private void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0); // close with RST, as a dropped connection looks to its ends
        } catch (IOException alreadyClosed) {
            // nothing to reset
        }
        close(socket);
    }

    private void close(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public synchronized void close() throws IOException {
        server.close();
        notifyAll();
        drop();
    }
}
