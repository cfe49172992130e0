package org.estuary.remote;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.Objects;
import java.util.UUID;

import org.estuary.remote.internal.mux.MuxCalls;

/**
 * The stub of an object exported over Estuary's multiplexed transport: a dynamic proxy of the object's remote
 * interface whose calls go to the endpoint (host, port, the {@link ClientSockets} that reach it) and the object's
 * id there. Two stubs are equal when they name the same exported object.
 */
final class MuxStub implements ProxyIdentity, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the host the exporter advertises */
    private final String host;
    /** @serial its port */
    private final int port;
    /** @serial the factory of the connections to it */
    private final ClientSockets sockets;
    /** @serial the exported object's id */
    private final UUID id;

    private MuxStub(String host, int port, ClientSockets sockets, UUID id) {
        this.host = host;
        this.port = port;
        this.sockets = sockets;
        this.id = id;
    }

    /** The stub, as {@code type}, of the object exported under {@code id}. */
    static <T extends Remote> T of(Class<T> type, String host, int port, ClientSockets sockets, UUID id) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                new MuxStub(host, port, Objects.requireNonNull(sockets, "sockets"), id)));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            return ProxyIdentity.objectMethod(this, method, args);
        }
        return MuxCalls.call(host, port, sockets, sockets.effectiveCallTimeoutMs(), id, method,
                args == null ? new Object[0] : args);
    }

    @Override
    public Object identity() {
        return id;
    }

    @Override
    public String toString() {
        return "MuxStub[" + host + ":" + port + ", " + id + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (id == null || sockets == null || port <= 0 || port > 65535) {
            throw new InvalidObjectException("a multiplexed stub without its endpoint or id");
        }
    }
}
