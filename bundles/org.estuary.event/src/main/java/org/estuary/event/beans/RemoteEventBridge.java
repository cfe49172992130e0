package org.estuary.event.beans;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.EventListener;
import java.util.EventObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import net.jini.core.event.RemoteEventListener;

import org.estuary.event.DeliveryCallback;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.HighWaterMark;
import org.estuary.event.SequenceNumbers;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A JavaBeans listener that sends what it hears to a {@code RemoteEventListener} (EV.4.2: "third-party objects
 * that keep track of the interest registrations made by remote objects and implement the corresponding
 * JavaBeans component event notification methods by making the remote calls ... with properly constructed
 * RemoteEvent objects. Such objects would need to keep track of the event sequence numbers and would need to
 * deal with the additional failure modes").
 *
 * <p>{@link #listener()} implements the JavaBeans listener interface {@code L}; add it to the bean with the
 * bean's {@code addXxxListener}. Each call of a listener method becomes a {@link BeanRemoteEvent} with the
 * identifier configured for that method, the next sequence number of its kind, the registration's handback and
 * the JavaBeans event itself, queued on the {@link EventDelivery} (one lane for the bridge, so the remote
 * listener sees calls in order) and retried until the registration's lease ends. The bean is never blocked by
 * the network and never sees a remote failure; the observer does.
 *
 * @param <L> the JavaBeans listener interface
 */
@ProviderType
public final class RemoteEventBridge<L extends EventListener> {

    /** How many kinds of event (source, id) the default sequence numbers keep: bounded like every table. */
    public static final int DEFAULT_MAX_KINDS = 10_000;

    private final EventDelivery delivery;
    private final Map<String, Long> eventIds;
    private final Object source;
    private final RemoteEventListener target;
    private final MarshalledObject<?> handback;
    private final GoverningLease lease;
    private final SequenceNumbers sequenceNumbers;
    private final DeliveryCallback observer;
    private final L listener;

    private RemoteEventBridge(Builder<L> builder) {
        this.delivery = builder.delivery;
        this.eventIds = Map.copyOf(builder.eventIds);
        this.source = builder.source;
        this.target = builder.target;
        this.handback = builder.handback;
        this.lease = builder.lease;
        this.sequenceNumbers = builder.sequenceNumbers != null ? builder.sequenceNumbers
                : new SequenceNumbers(HighWaterMark.inMemory(), 1_024, DEFAULT_MAX_KINDS);
        this.observer = builder.observer;
        Class<L> type = builder.listenerType;
        this.listener = type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                new Handler()));
    }

    /**
     * Starts a bridge for JavaBeans listener interface {@code listenerType}.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code listenerType} is not an interface
     */
    public static <L extends EventListener> Builder<L> builder(Class<L> listenerType, EventDelivery delivery) {
        Objects.requireNonNull(listenerType, "listenerType");
        Objects.requireNonNull(delivery, "delivery");
        if (!listenerType.isInterface()) {
            throw new IllegalArgumentException(listenerType.getName() + " is not an interface");
        }
        return new Builder<>(listenerType, delivery);
    }

    /** The JavaBeans listener to add to the bean. */
    public L listener() {
        return listener;
    }

    private void send(Method method, EventObject beanEvent) {
        Objects.requireNonNull(beanEvent, "a JavaBeans event must not be null");
        long eventId = eventIds.get(method.getName());
        Object eventSource = source != null ? source : beanEvent.getSource();
        BeanRemoteEvent event;
        DeliveryOutcome refused = null;
        // One lock: numbers are taken and events queued in the same order (EV.2.3.2 "x before y iff seq(x) <
        // seq(y)"), whichever threads the bean fires from.
        synchronized (this) {
            long seq;
            try {
                seq = sequenceNumbers.next(EventKind.of(eventSource, eventId));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot number the event of " + method.getName(), e);
            }
            event = new BeanRemoteEvent(eventSource, eventId, seq, handback, beanEvent, method.getName());
            try {
                delivery.submit(this, target, event, lease, observer);
            } catch (DeliveryRefusedException e) {
                refused = new DeliveryOutcome(Status.REFUSED, this, target, event, e, 0);
            }
        }
        if (refused != null) {
            observer.completed(refused);
        }
    }

    private final class Handler implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                switch (method.getName()) {
                    case "equals":
                        return proxy == args[0];
                    case "hashCode":
                        return System.identityHashCode(proxy);
                    default:
                        return "RemoteEventBridge listener for " + target;
                }
            }
            if (method.isDefault()) {
                return InvocationHandler.invokeDefault(proxy, method, args);
            }
            send(method, (EventObject) args[0]);
            return null;
        }
    }

    /** Collects the bridge's settings; {@link #to} and an {@link #event} for every listener method are required. */
    @ProviderType
    public static final class Builder<L extends EventListener> {
        private final Class<L> listenerType;
        private final EventDelivery delivery;
        private final Map<String, Long> eventIds = new HashMap<>();
        private Object source;
        private RemoteEventListener target;
        private MarshalledObject<?> handback;
        private GoverningLease lease;
        private SequenceNumbers sequenceNumbers;
        private DeliveryCallback observer = outcome -> { };

        private Builder(Class<L> listenerType, EventDelivery delivery) {
            this.listenerType = listenerType;
            this.delivery = delivery;
        }

        /**
         * Calls of listener method {@code methodName} become events with identifier {@code eventId}.
         *
         * @throws NullPointerException if {@code methodName} is null
         * @throws IllegalArgumentException if the interface has no such listener method, or it is mapped already
         */
        public Builder<L> event(String methodName, long eventId) {
            Objects.requireNonNull(methodName, "methodName");
            if (listenerMethods().stream().noneMatch(m -> m.getName().equals(methodName))) {
                throw new IllegalArgumentException(listenerType.getName() + " has no listener method "
                        + methodName + "(EventObject)");
            }
            if (eventIds.putIfAbsent(methodName, eventId) != null) {
                throw new IllegalArgumentException(methodName + " is mapped already");
            }
            return this;
        }

        /**
         * The source remote listeners see in every event, for example a proxy for the bean; by default each
         * event's source is the JavaBeans event's own source, which must then be serializable to cross JVMs.
         *
         * @throws NullPointerException if {@code source} is null
         */
        public Builder<L> source(Object source) {
            this.source = Objects.requireNonNull(source, "source");
            return this;
        }

        /**
         * The remote registration: the listener, its handback (or null) and the lease that governs delivery.
         *
         * @throws NullPointerException if {@code target} or {@code lease} is null
         */
        public Builder<L> to(RemoteEventListener target, MarshalledObject<?> handback, GoverningLease lease) {
            this.target = Objects.requireNonNull(target, "target");
            this.handback = handback;
            this.lease = Objects.requireNonNull(lease, "lease");
            return this;
        }

        /**
         * Where sequence numbers come from (default: a volatile counter per kind, at most {@link
         * #DEFAULT_MAX_KINDS} kinds).
         *
         * @throws NullPointerException if {@code sequenceNumbers} is null
         */
        public Builder<L> sequenceNumbers(SequenceNumbers sequenceNumbers) {
            this.sequenceNumbers = Objects.requireNonNull(sequenceNumbers, "sequenceNumbers");
            return this;
        }

        /**
         * Told how each delivery ended (default: nobody).
         *
         * @throws NullPointerException if {@code observer} is null
         */
        public Builder<L> observer(DeliveryCallback observer) {
            this.observer = Objects.requireNonNull(observer, "observer");
            return this;
        }

        /**
         * The bridge.
         *
         * @throws IllegalStateException if {@link #to} was not called or a listener method has no event id
         * @throws IllegalArgumentException if {@code L} has an abstract method that is not a listener method
         */
        public RemoteEventBridge<L> build() {
            if (target == null) {
                throw new IllegalStateException("to(target, handback, lease) is required");
            }
            List<String> unmapped = new ArrayList<>();
            for (Method method : listenerType.getMethods()) {
                if (Modifier.isStatic(method.getModifiers()) || method.isDefault()) {
                    continue;
                }
                if (!isListenerMethod(method)) {
                    throw new IllegalArgumentException(method + " is not a JavaBeans listener method "
                            + "(void, one EventObject parameter)");
                }
                if (!eventIds.containsKey(method.getName())) {
                    unmapped.add(method.getName());
                }
            }
            if (!unmapped.isEmpty()) {
                throw new IllegalStateException("listener methods without an event id: " + unmapped);
            }
            return new RemoteEventBridge<>(this);
        }

        private List<Method> listenerMethods() {
            List<Method> methods = new ArrayList<>();
            for (Method method : listenerType.getMethods()) {
                if (!Modifier.isStatic(method.getModifiers()) && !method.isDefault() && isListenerMethod(method)) {
                    methods.add(method);
                }
            }
            return methods;
        }

        private static boolean isListenerMethod(Method method) {
            return method.getReturnType() == void.class && method.getParameterCount() == 1
                    && EventObject.class.isAssignableFrom(method.getParameterTypes()[0]);
        }
    }
}
