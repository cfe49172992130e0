package org.estuary.remote;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * The handler of a dynamic proxy whose identity is the handler's: two proxies are equal when their handlers are of
 * one class with equal {@link #identity()}s, hash as it does, and show as the handler does.
 */
interface ProxyIdentity extends InvocationHandler {

    /** What the proxy is equal by. */
    Object identity();

    /** Answers {@code equals}, {@code hashCode} and {@code toString}, declared by {@code Object}. */
    static Object objectMethod(ProxyIdentity self, Method method, Object[] args) {
        switch (method.getName()) {
            case "equals":
                Object other = args[0];
                return other != null && Proxy.isProxyClass(other.getClass())
                        && Proxy.getInvocationHandler(other) instanceof ProxyIdentity handler
                        && handler.getClass() == self.getClass() && handler.identity().equals(self.identity());
            case "hashCode":
                return self.identity().hashCode();
            default:
                return self.toString();
        }
    }
}
