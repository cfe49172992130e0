package org.estuary.remote;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where and how an {@link RmiExporter} listens, and how its stubs call: bind address, ports, timeouts, TLS and the
 * deserialization filter. Immutable; build with {@link #builder()}. The defaults are safe: loopback only, no TLS,
 * the default allowlist, a 10 s connect and a 60 s call timeout.
 */
@ProviderType
public final class RemoteSettings {

    /** Default registry port. */
    public static final int DEFAULT_REGISTRY_PORT = 4170;
    /** Registry port meaning "no registry" (a client that only exports callbacks). */
    public static final int NO_REGISTRY = -1;
    /** Default connect timeout. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
    /** Default call (read) timeout. */
    public static final long DEFAULT_CALL_TIMEOUT_MS = 60_000;
    /** Default server-side read timeout: how long an accepted connection may stay silent. */
    public static final long DEFAULT_READ_TIMEOUT_MS = 120_000;
    /** Default request deadline: how long a request may take to arrive whole . */
    public static final long DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
    /** Default cap on the connections an exporter has open at once. */
    public static final int DEFAULT_MAX_CONNECTIONS = 2048;
    /** Default cap on the connections an exporter has open at once from one peer address. */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_HOST = 1024;

    private final String bindAddress;
    private final String advertisedHost;
    private final int registryPort;
    private final int objectPort;
    private final int servicePort;
    private final long connectTimeoutMs;
    private final long callTimeoutMs;
    private final long readTimeoutMs;
    private final long requestTimeoutMs;
    private final int maxConnections;
    private final int maxConnectionsPerHost;
    private final Marshaller marshaller;
    private final Tls tls;
    private final List<String> peers;

    private RemoteSettings(Builder b) {
        this.bindAddress = b.bindAddress;
        this.advertisedHost = b.advertisedHost;
        this.registryPort = b.registryPort;
        this.objectPort = b.objectPort;
        this.servicePort = b.servicePort;
        this.connectTimeoutMs = b.connectTimeoutMs;
        this.callTimeoutMs = b.callTimeoutMs;
        this.readTimeoutMs = b.readTimeoutMs;
        this.requestTimeoutMs = b.requestTimeoutMs;
        this.maxConnections = b.maxConnections;
        this.maxConnectionsPerHost = b.maxConnectionsPerHost;
        this.marshaller = b.marshaller != null ? b.marshaller : b.classLoader == null
                ? Marshallers.builder().filter(b.filter).build()
                : Marshallers.builder().filter(b.filter).classLoader(b.classLoader).build();
        this.tls = b.tls;
        this.peers = b.peers;
    }

    /** A builder with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The address every endpoint binds; default {@code 127.0.0.1}. */
    public String bindAddress() {
        return bindAddress;
    }

    /**
     * The host name stubs connect to: the configured one, else the bind address unless that is a wildcard
     * ({@code 0.0.0.0}, {@code ::}), in which case the JDK's choice ({@code java.rmi.server.hostname}) applies.
     */
    public String advertisedHost() {
        if (advertisedHost != null) {
            return advertisedHost;
        }
        boolean wildcard = bindAddress.equals("0.0.0.0") || bindAddress.equals("::") || bindAddress.equals("[::]");
        return wildcard ? null : bindAddress;
    }

    /** The registry port: {@value #DEFAULT_REGISTRY_PORT} by default, 0 for an ephemeral one, -1 for none. */
    public int registryPort() {
        return registryPort;
    }

    /**
     * The port exported objects listen on: 0 (default) for an ephemeral one; never the registry's port, which
     * carries only the registry's read-only calls.
     */
    public int objectPort() {
        return objectPort;
    }

    /**
     * The port the services' calls arrive on, over Estuary's multiplexed transport (many clients' calls over each
     * connection; 0, the default: any free port), or -1: the services are called over Java RMI on the object port.
     */
    public int servicePort() {
        return servicePort;
    }

    /** The longest wait for a connection to an endpoint. */
    public long connectTimeoutMs() {
        return connectTimeoutMs;
    }

    /**
     * The longest wait for a reply on a connection (the read timeout of every client socket, kept by
     * {@code internal.DeadlineSocket}).
     */
    public long callTimeoutMs() {
        return callTimeoutMs;
    }

    /**
     * The longest an accepted connection waits for the peer's next bytes (between calls, or in the middle of one)
     * before it is closed and its server thread freed: bounds half-open connections.
     */
    public long readTimeoutMs() {
        return readTimeoutMs;
    }

    /**
     * The longest a request may take to arrive whole, from its first byte: a peer sending a byte at a time within
     * the read timeout loses its connection at this bound.
     */
    public long requestTimeoutMs() {
        return requestTimeoutMs;
    }

    /** The most connections the exporter's endpoints have open at once; more are closed as they are accepted. */
    public int maxConnections() {
        return maxConnections;
    }

    /** The most connections open at once from one peer address. */
    public int maxConnectionsPerHost() {
        return maxConnectionsPerHost;
    }

    /**
     * The filter everything read from the network is checked by: every exported object's incoming calls, and the
     * replies to the calls this side makes.
     */
    public SerialFilter filter() {
        return marshaller.filter();
    }

    /**
     * What reads everything that arrives: its {@link #filter()}, and the class loader (in a container also the
     * packages installed bundles export) that classes without a bundle annotation are found through, in incoming
     * calls and in the {@code Marshalled} objects of replies.
     */
    public Marshaller marshaller() {
        return marshaller;
    }

    /** TLS, or null for plain TCP. */
    public Tls tls() {
        return tls;
    }

    /**
     * The registries ({@code host:port}) of the other containers that serve the same service instances with
     * failover: references to this exporter's backends carry them, and re-resolve through them when this
     * container does not answer or is not active for the service.
     */
    public List<String> peers() {
        return peers;
    }

    @Override
    public String toString() {
        return "bind.address=" + bindAddress + ", advertise.host=" + advertisedHost() + ", registry.port="
                + registryPort + ", object.port=" + objectPort + ", service.port=" + servicePort
                + ", connect.timeout.ms=" + connectTimeoutMs
                + ", call.timeout.ms=" + callTimeoutMs + ", read.timeout.ms=" + readTimeoutMs + ", request.timeout.ms="
                + requestTimeoutMs + ", max.connections=" + maxConnections + ", max.connections.per.host="
                + maxConnectionsPerHost + ", tls=" + (tls == null ? "off" : tls)
                + (peers.isEmpty() ? "" : ", failover.peers=" + peers);
    }

    /** TLS key material (paths to keystores; JDK {@code KeyStore} types such as PKCS12 or JKS). */
    @ProviderType
    public static final class Tls {
        private final Path keyStore;
        private final char[] keyStorePassword;
        private final Path trustStore;
        private final char[] trustStorePassword;
        private final String storeType;
        private final boolean clientAuth;

        /**
         * @param keyStore this side's key and certificate (a server always needs one; a client needs one when the
         *     server requires client authentication), or null
         * @param trustStore the certificates this side trusts (the test CA), or null for the JDK's default
         * @param storeType the keystore type of both, e.g. {@code PKCS12}
         * @param clientAuth whether a server requires clients to present a certificate its trust store accepts
         */
        public Tls(Path keyStore, char[] keyStorePassword, Path trustStore, char[] trustStorePassword,
                String storeType, boolean clientAuth) {
            this.keyStore = keyStore;
            this.keyStorePassword = keyStorePassword == null ? null : keyStorePassword.clone();
            this.trustStore = trustStore;
            this.trustStorePassword = trustStorePassword == null ? null : trustStorePassword.clone();
            this.storeType = storeType == null || storeType.isBlank() ? "PKCS12" : storeType;
            this.clientAuth = clientAuth;
        }

        public Path keyStore() {
            return keyStore;
        }

        public char[] keyStorePassword() {
            return keyStorePassword == null ? null : keyStorePassword.clone();
        }

        public Path trustStore() {
            return trustStore;
        }

        public char[] trustStorePassword() {
            return trustStorePassword == null ? null : trustStorePassword.clone();
        }

        public String storeType() {
            return storeType;
        }

        public boolean clientAuth() {
            return clientAuth;
        }

        /** Paths and flags; never the passwords. */
        @Override
        public String toString() {
            return "on(keystore=" + keyStore + ", truststore=" + trustStore + ", type=" + storeType
                    + ", client.auth=" + clientAuth + ")";
        }
    }

    /** Builds {@link RemoteSettings}; not thread-safe. */
    @ProviderType
    public static final class Builder {
        private String bindAddress = "127.0.0.1";
        private String advertisedHost;
        private int registryPort = DEFAULT_REGISTRY_PORT;
        private int objectPort;
        private int servicePort;
        private long connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS;
        private long callTimeoutMs = DEFAULT_CALL_TIMEOUT_MS;
        private long readTimeoutMs = DEFAULT_READ_TIMEOUT_MS;
        private long requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private int maxConnectionsPerHost = DEFAULT_MAX_CONNECTIONS_PER_HOST;
        private SerialFilter filter = SerialFilter.defaults();
        private ClassLoader classLoader;
        private Marshaller marshaller;
        private Tls tls;
        private List<String> peers = List.of();

        private Builder() {
        }

        /**
         * The failover peers' registries, each {@code host:port} (see {@link RemoteSettings#peers()}).
         *
         * @throws IllegalArgumentException if one is not {@code host:port} with a port from 1 to 65535
         */
        public Builder peers(List<String> endpoints) {
            List<String> checked = new java.util.ArrayList<>();
            for (String endpoint : endpoints) {
                try {
                    checked.add(HostPort.parse(endpoint).toString());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("failover peer: " + e.getMessage(), e);
                }
            }
            this.peers = List.copyOf(checked);
            return this;
        }

        /** @throws IllegalArgumentException if blank */
        public Builder bindAddress(String address) {
            if (Objects.requireNonNull(address, "address").isBlank()) {
                throw new IllegalArgumentException("bind address must not be blank");
            }
            this.bindAddress = address.trim();
            return this;
        }

        /** The host stubs connect to; null or blank for the default (see {@link #advertisedHost()}). */
        public Builder advertisedHost(String host) {
            this.advertisedHost = host == null || host.isBlank() ? null : host.trim();
            return this;
        }

        /** @throws IllegalArgumentException unless -1..65535 */
        public Builder registryPort(int port) {
            if (port < -1 || port > 65535) {
                throw new IllegalArgumentException("registry port must be -1 (none), 0 (ephemeral) or 1..65535: "
                        + port);
            }
            this.registryPort = port;
            return this;
        }

        /** @throws IllegalArgumentException unless 0..65535 */
        public Builder objectPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("object port must be 0 (ephemeral) or 1..65535: " + port);
            }
            this.objectPort = port;
            return this;
        }

        /** @throws IllegalArgumentException unless -1..65535 (see {@link RemoteSettings#servicePort()}) */
        public Builder servicePort(int port) {
            if (port < -1 || port > 65535) {
                throw new IllegalArgumentException("service port must be -1 (none), 0 (ephemeral) or 1..65535: " + port);
            }
            this.servicePort = port;
            return this;
        }

        /** @throws IllegalArgumentException unless positive */
        public Builder connectTimeoutMs(long ms) {
            this.connectTimeoutMs = positive(ms, "connect timeout");
            return this;
        }

        /** @throws IllegalArgumentException unless positive */
        public Builder callTimeoutMs(long ms) {
            this.callTimeoutMs = positive(ms, "call timeout");
            return this;
        }

        /** @throws IllegalArgumentException unless positive */
        public Builder readTimeoutMs(long ms) {
            this.readTimeoutMs = positive(ms, "read timeout");
            return this;
        }

        /** @throws IllegalArgumentException unless positive */
        public Builder requestTimeoutMs(long ms) {
            this.requestTimeoutMs = positive(ms, "request timeout");
            return this;
        }

        /** @throws IllegalArgumentException unless at least 1 */
        public Builder maxConnections(int max) {
            this.maxConnections = (int) positive(max, "max.connections");
            return this;
        }

        /** @throws IllegalArgumentException unless at least 1 */
        public Builder maxConnectionsPerHost(int max) {
            this.maxConnectionsPerHost = (int) positive(max, "max.connections.per.host");
            return this;
        }

        /** The allowlist and limits (default: {@link SerialFilter#defaults()}); ignored with a {@link #marshaller}. */
        public Builder filter(SerialFilter filter) {
            this.filter = Objects.requireNonNull(filter, "filter");
            return this;
        }

        /**
         * Where classes without a bundle annotation are found: your own classes (leases, events, handbacks) in what
         * a container sends back. Default: the thread's context class loader when the settings are built, else
         * this library's. Ignored with a {@link #marshaller}.
         */
        public Builder classLoader(ClassLoader loader) {
            this.classLoader = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /**
         * Reads with this marshaller (its filter and class resolution) instead of one made from {@link #filter}
         * and {@link #classLoader}: in a container, the {@code Marshaller} service.
         */
        public Builder marshaller(Marshaller marshaller) {
            this.marshaller = Objects.requireNonNull(marshaller, "marshaller");
            return this;
        }

        /** TLS, or null for plain TCP. */
        public Builder tls(Tls tls) {
            this.tls = tls;
            return this;
        }

        /**
         * @throws IllegalArgumentException if the object port is the registry's, which carries only the registry's
         *     read-only calls, or the service port is either
         */
        public RemoteSettings build() {
            if (objectPort != 0 && objectPort == registryPort) {
                throw new IllegalArgumentException("object port " + objectPort + " is the registry port: the registry "
                        + "listens on a port of its own; set another object port, or 0 for an ephemeral one");
            }
            if (servicePort > 0 && (servicePort == registryPort || servicePort == objectPort)) {
                throw new IllegalArgumentException("service port " + servicePort + " is the "
                        + (servicePort == registryPort ? "registry" : "object") + " port: the services' calls "
                        + "arrive on a port of their own; set another service port, or 0 for an ephemeral one");
            }
            return new RemoteSettings(this);
        }

        private static long positive(long value, String name) {
            if (value <= 0 || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(name + " must be 1.." + Integer.MAX_VALUE + ": " + value);
            }
            return value;
        }
    }
}
