package org.estuary.event.beans;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.EventListener;
import java.util.EventObject;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A {@code RemoteEventListener} that calls the right method of a JavaBeans listener (EV.4.2: "map from a
 * distributed event listener to the appropriate call to a notification method"). Routes go by event identifier
 * (EV.4.1: the identifier replaces the JavaBeans "one method per kind"); in replaying mode a {@link
 * BeanRemoteEvent} calls the method it was made from with its original JavaBeans event, so a {@link
 * RemoteEventBridge} and a replaying dispatcher join two JavaBeans components across JVMs.
 *
 * <p>The listener is called in the thread that calls {@link #notify}: JavaBeans listeners are local and quick
 * (EV.4.1). What the listener throws reaches the caller, which treats a runtime exception as definite. An event
 * that no route takes, or from another source than the one configured, is answered with {@code
 * UnknownEventException} (EV.2.3.3).
 *
 * @param <L> the JavaBeans listener type
 */
@ProviderType
public final class BeanEventDispatcher<L extends EventListener> implements RemoteEventListener {

    private final L target;
    private final Object source;
    private final Class<L> replayType;
    private final Map<Long, BiConsumer<? super L, ? super RemoteBeanEvent>> routes;

    private BeanEventDispatcher(Builder<L> builder) {
        this.target = builder.target;
        this.source = builder.source;
        this.replayType = builder.replayType;
        this.routes = Map.copyOf(builder.routes);
    }

    /**
     * Starts a dispatcher that calls {@code target}.
     *
     * @throws NullPointerException if {@code target} is null
     */
    public static <L extends EventListener> Builder<L> to(L target) {
        return new Builder<>(Objects.requireNonNull(target, "target"));
    }

    /**
     * Calls the listener method for {@code event}.
     *
     * @throws NullPointerException if {@code event} is null
     * @throws UnknownEventException if no route takes the event or it comes from another source
     */
    @Override
    public void notify(RemoteEvent event) throws UnknownEventException {
        Objects.requireNonNull(event, "event");
        if (source != null && !source.equals(event.getSource())) {
            throw new UnknownEventException("events from " + event.getSource() + " are not dispatched here");
        }
        if (replayType != null && event instanceof BeanRemoteEvent) {
            BeanRemoteEvent bridged = (BeanRemoteEvent) event;
            Method method = listenerMethod(replayType, bridged.getListenerMethod(), bridged.getBeanEvent());
            if (method != null) {
                invoke(method, bridged.getBeanEvent());
                return;
            }
        }
        BiConsumer<? super L, ? super RemoteBeanEvent> route = routes.get(event.getID());
        if (route == null) {
            throw new UnknownEventException("no listener method for event id " + event.getID());
        }
        route.accept(target, RemoteBeanEvent.of(event));
    }

    private static Method listenerMethod(Class<?> type, String name, EventObject beanEvent) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == 1
                    && !Modifier.isStatic(method.getModifiers())
                    && method.getParameterTypes()[0].isInstance(beanEvent)) {
                return method;
            }
        }
        return null;
    }

    private void invoke(Method method, EventObject beanEvent) {
        try {
            method.invoke(target, beanEvent);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException("listener method " + method + " failed", cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + method + ": is the listener type public?", e);
        }
    }

    /** Collects routes; at least one route or {@link #replaying} is required. */
    @ProviderType
    public static final class Builder<L extends EventListener> {
        private final L target;
        private final Map<Long, BiConsumer<? super L, ? super RemoteBeanEvent>> routes = new HashMap<>();
        private Object source;
        private Class<L> replayType;

        private Builder(L target) {
            this.target = target;
        }

        /**
         * Events with identifier {@code eventId} call {@code method} on the listener, typically a method
         * reference such as {@code PriceListener::priceChanged} adapted to the bean event.
         *
         * @throws NullPointerException if {@code method} is null
         * @throws IllegalArgumentException if {@code eventId} already has a route
         */
        public Builder<L> on(long eventId, BiConsumer<? super L, ? super RemoteBeanEvent> method) {
            Objects.requireNonNull(method, "method");
            if (routes.putIfAbsent(eventId, method) != null) {
                throw new IllegalArgumentException("event id " + eventId + " already has a route");
            }
            return this;
        }

        /**
         * Only events whose source equals {@code source} are dispatched (EV.4.1: source and identifier together
         * identify the kind).
         *
         * @throws NullPointerException if {@code source} is null
         */
        public Builder<L> from(Object source) {
            this.source = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * {@link BeanRemoteEvent}s call the method of {@code listenerType} they were made from, with the original
         * JavaBeans event; other events use the routes.
         *
         * @throws NullPointerException if {@code listenerType} is null
         * @throws IllegalArgumentException if {@code listenerType} is not a public interface the target implements
         */
        public Builder<L> replaying(Class<L> listenerType) {
            Objects.requireNonNull(listenerType, "listenerType");
            if (!listenerType.isInterface() || !Modifier.isPublic(listenerType.getModifiers())
                    || !listenerType.isInstance(target)) {
                throw new IllegalArgumentException(listenerType.getName()
                        + " must be a public interface implemented by the target");
            }
            this.replayType = listenerType;
            return this;
        }

        /**
         * The dispatcher.
         *
         * @throws IllegalStateException if there is neither a route nor replaying
         */
        public BeanEventDispatcher<L> build() {
            if (routes.isEmpty() && replayType == null) {
                throw new IllegalStateException("a dispatcher needs a route (on) or replaying");
            }
            return new BeanEventDispatcher<>(this);
        }
    }
}
