package org.estuary.api.test;

import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * The invocation handler of the serializable proxies {@link SerialWorld#proxy} makes to stand for values of
 * interface-typed serial fields (a Lease, an Entry, a TransactionManager, a ServiceRegistrar...). It is one of
 * {@link SerialWorld#SHARED_TEST_CLASSES}: River's class loader defines its own copy, so a proxy serialized in one
 * world deserializes in the other. Two such proxies are equal when their ids are;
 * {@code getServiceID()} answers a ServiceID derived from the id; every other method fails.
 */
public final class SerialSampleHandler implements InvocationHandler, Serializable {

    private static final long serialVersionUID = 1L;

    /** Identifies the stand-in value. */
    private final String id;

    public SerialSampleHandler(String id) {
        this.id = id;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
            case "equals":
                if (method.getParameterCount() == 1) {
                    Object other = args[0];
                    return other != null && Proxy.isProxyClass(other.getClass())
                            && Proxy.getInvocationHandler(other) instanceof SerialSampleHandler h
                            && h.id.equals(id);
                }
                break;
            case "hashCode":
                if (method.getParameterCount() == 0) {
                    return id.hashCode();
                }
                break;
            case "toString":
                if (method.getParameterCount() == 0) {
                    return "SerialSample[" + id + "]";
                }
                break;
            case "getServiceID":
                // ServiceRegistrar.getServiceID: discovery events key their groups by it. The ServiceID is built
                // through the method's return type, so it belongs to the proxy's own world (Estuary or River).
                if (method.getParameterCount() == 0) {
                    try {
                        return method.getReturnType().getConstructor(long.class, long.class)
                                .newInstance((long) id.hashCode(), (long) id.length());
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(e);
                    }
                }
                break;
            default:
                break;
        }
        throw new UnsupportedOperationException("sample stand-in " + id + " does not implement " + method);
    }
}
