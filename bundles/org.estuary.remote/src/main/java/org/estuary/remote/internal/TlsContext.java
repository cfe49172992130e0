package org.estuary.remote.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import org.estuary.remote.RemoteSettings;

/**
 * The TLS contexts of this JVM's exporters and clients, one each (item 3 of the audit: never one per JVM), the
 * context a thread reading a stub hands to the socket factories in it ({@link #enter}), and the call-timeout cap.
 */
public final class TlsContext {

    private static final ThreadLocal<SSLContext> SCOPE = new ThreadLocal<>();
    private static final Set<SSLContext> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile int callTimeoutCapMs = Integer.MAX_VALUE;

    private TlsContext() {
    }

    /** An exporter or client with this context runs (until {@link #unregister}). */
    public static void register(SSLContext ssl) {
        LIVE.add(ssl);
    }

    public static void unregister(SSLContext ssl) {
        LIVE.remove(ssl);
    }

    /**
     * Socket factories read on this thread take {@code ssl} (null: none) until {@link #restore}; returns what to
     * restore.
     */
    public static SSLContext enter(SSLContext ssl) {
        SSLContext previous = SCOPE.get();
        if (previous != ssl) {
            SCOPE.set(ssl);
        }
        return previous;
    }

    /**
     * Ends an {@link #enter}. The thread's entry stays (holding null when there is nothing to restore): removing it
     * and creating it again on every remote call cost more than the call's own bookkeeping.
     */
    public static void restore(SSLContext previous) {
        if (SCOPE.get() != previous) {
            SCOPE.set(previous);
        }
    }

    /** The context socket factories read on this thread take, or null. */
    public static SSLContext scoped() {
        return SCOPE.get();
    }

    /** Lowers the cap on reply and connect timeouts of every Estuary client socket in this JVM. */
    public static synchronized void capCallTimeoutAt(long ms) {
        callTimeoutCapMs = (int) Math.min(callTimeoutCapMs, Math.min(ms, Integer.MAX_VALUE));
    }

    /** {@code ms}, or the cap if lower. */
    public static int capCallTimeout(int ms) {
        return Math.min(ms, callTimeoutCapMs);
    }

    /**
     * The factory TLS client sockets come from: {@code own} if given, else the only TLS context an exporter or
     * client of this JVM runs, else the JDK default ({@code javax.net.ssl.*} properties). Never "the last one
     * started": with several, a factory that belongs to none of them cannot guess.
     */
    public static SSLSocketFactory clientFactory(SSLContext own) {
        if (own != null) {
            return own.getSocketFactory();
        }
        Iterator<SSLContext> live = LIVE.iterator();
        if (live.hasNext()) {
            SSLContext only = live.next();
            if (!live.hasNext()) {
                return only.getSocketFactory();
            }
        }
        return (SSLSocketFactory) SSLSocketFactory.getDefault();
    }

    /**
     * An SSL context from keystore files.
     *
     * @throws IOException naming the file that could not be read or the reason its contents were refused
     */
    public static SSLContext of(RemoteSettings.Tls tls) throws IOException {
        try {
            KeyManagerFactory kmf = null;
            if (tls.keyStore() != null) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(load(tls.keyStore(), tls.keyStorePassword(), tls.storeType()), tls.keyStorePassword());
            }
            TrustManagerFactory tmf = null;
            if (tls.trustStore() != null) {
                tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(load(tls.trustStore(), tls.trustStorePassword(), tls.storeType()));
            }
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(kmf == null ? null : kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
            return ssl;
        } catch (GeneralSecurityException e) {
            throw new IOException("TLS key material refused (" + tls + "): " + e.getMessage(), e);
        }
    }

    private static KeyStore load(Path file, char[] password, String type) throws IOException,
            GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        } catch (IOException e) {
            throw new IOException("cannot read keystore " + file + ": " + e.getMessage(), e);
        }
        return store;
    }
}
