package org.estuary.io;

import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Who reads what arrives from another JVM: whose allowlist checks it, whose {@link Marshaller} reads the
 * {@link Marshalled} objects in it (with the reader's own filter and classes), and what the transport needs for the
 * stubs in it ({@link #transport}: key material, timeouts). A stream gets a scope in one of two ways:
 * <ul>
 * <li>it sets the scope as its filter: every Estuary export reads its calls through a scope made
 * {@link #forCalls};</li>
 * <li>it is created on a thread that {@link #enter() entered} a scope made {@link #forReplies}: the reply to a call
 * Estuary code makes (a proxy's backend call, an event sent to a listener, a renewal sent to a landlord, a registry
 * lookup). Estuary enters the scope around exactly that call and leaves it in a {@code finally}.</li>
 * </ul>
 * Every other stream of the JVM is left as it is without Estuary: a JMX or plain RMI call made by any code outside a
 * scope is checked by the JVM's own filter only. A JVM-wide filter an operator set ({@code -Djdk.serialFilter})
 * still applies inside a scope: both must accept.
 *
 * <p>The JVM is told about scopes once, through JDK 17's filter factory
 * ({@code ObjectInputFilter.Config.setSerialFilterFactory}), which gives a new stream the scope its thread is in.
 * A JVM where that is no longer possible (a stream was created before, or another factory is configured) gets a
 * JVM-wide filter that applies the scope the reading thread is in, if no one else set one; failing both, a WARNING
 * says that the replies of Estuary's calls are checked by the JVM's filter alone. A later revision of this bundle
 * (after {@code bundle:update}) hands its scopes to what the first one installed.
 *
 * <p>Immutable and thread-safe; a scope can be entered by many threads at once.
 */
@ProviderType
public final class ReadScope implements ObjectInputFilter {

    private static final ThreadLocal<ReadScope> CURRENT = new ThreadLocal<>();
    /** The peer of the call this thread reads, when a transport other than Java RMI names it. */
    private static final ThreadLocal<String> PEER = new ThreadLocal<>();
    /** The call a transport is invoking in this thread with the arguments it read ({@link #received}). */
    private static final ThreadLocal<Received> RECEIVED = new ThreadLocal<>();
    private static final java.util.Set<Class<?>> PRIMITIVE_WRAPPERS = java.util.Set.of(Boolean.class, Byte.class,
            Character.class, Short.class, Integer.class, Long.class, Float.class, Double.class);

    private final Marshaller marshaller;
    private final Object transport;
    private final boolean calls;
    private final RateLimitedLog refusals;

    private ReadScope(Marshaller marshaller, Object transport, boolean calls, RateLimitedLog refusals) {
        ScopedFilters.ensureInstalled();
        this.marshaller = Objects.requireNonNull(marshaller, "marshaller");
        this.transport = transport;
        this.calls = calls;
        this.refusals = refusals;
    }

    /**
     * A scope for the replies to calls this side makes, to {@link #enter()} around each call; refusals are logged
     * as a reply refused on the calling thread.
     *
     * @param marshaller whose filter checks the replies and who reads the {@code Marshalled} objects in them
     * @param transport what the transport needs for stubs read here (the remote layer's key material), or null
     * @throws NullPointerException if {@code marshaller} is null
     */
    public static ReadScope forReplies(Marshaller marshaller, Object transport) {
        return new ReadScope(marshaller, transport, false, new RateLimitedLog());
    }

    /**
     * A scope for the calls an export receives, to set as the export's filter; refusals are logged with the
     * calling host.
     *
     * @throws NullPointerException if {@code marshaller} is null
     */
    public static ReadScope forCalls(Marshaller marshaller, Object transport) {
        return new ReadScope(marshaller, transport, true, new RateLimitedLog());
    }

    /** This scope's marshaller and transport, for replies (the calls this side makes while serving a call). */
    public ReadScope forReplies() {
        return calls ? forReplies(marshaller, transport) : this;
    }

    /** Who reads the {@link Marshalled} objects that arrive in this scope, and whose filter checks everything. */
    public Marshaller marshaller() {
        return marshaller;
    }

    /** The transport's part, if it is a {@code type}; else null. */
    public <T> T transport(Class<T> type) {
        return type.isInstance(transport) ? type.cast(transport) : null;
    }

    /**
     * JEP 290: the marshaller's filter, then a JVM-wide filter an operator set; a refusal is logged (at most one line
     * per second per scope); in a scope for calls, the refusal is thrown as a {@code SecurityException} naming the
     * class or limit, which the JDK keeps as the cause of its {@code InvalidClassException} and RMI returns to the
     * caller (every client can read both). Each hashed collection is judged on its own here; a stream that reads in this scope
     * through the JVM's filter factory (as every one does where Estuary installed it) gets {@link #forStream()},
     * which also counts its hash tables and arrays in all.
     */
    @Override
    public Status checkInput(FilterInfo info) {
        return check(info, null);
    }

    /** This scope for one stream: the same checks, with what the stream allocates counted ({@link SerialFilter}). */
    ObjectInputFilter forStream() {
        return new Stream(this);
    }

    private Status check(FilterInfo info, StreamTally tally) {
        SerialFilterException refused = marshaller.filter().rejection(info, tally);
        if (refused == null) {
            ObjectInputFilter jvmWide = ScopedFilters.operatorFilter();
            if (jvmWide != null && jvmWide.checkInput(info) == Status.REJECTED) {
                refused = new SerialFilterException(info.serialClass() == null ? null : info.serialClass().getName(),
                        SerialFilterException.Violation.JVM_FILTER, "the JVM-wide filter (jdk.serialFilter) "
                                + "rejected it: " + jvmWide);
            }
        }
        if (refused != null) {
            refusals.warn(calls ? "refused a remote call from " + clientHost() + ": " + describe(refused)
                    + "; the call failed, the endpoint keeps serving"
                    : "refused a reply from a remote object, read by thread " + Thread.currentThread().getName()
                            + ": " + describe(refused) + "; that call failed with an UnmarshalException, this JVM "
                            + "keeps serving");
            if (calls) {
                // The JDK keeps a runtime exception the filter throws as the cause of its "filter status: REJECTED",
                // which RMI returns to the caller: a class every client can read, with the reason.
                throw new SecurityException("refused by the allowlist of the service called: " + describe(refused));
            }
            return Status.REJECTED;
        }
        return info.serialClass() == null ? Status.UNDECIDED : Status.ALLOWED;
    }

    private static String describe(SerialFilterException refused) {
        return refused.className() == null ? refused.reason() : refused.className() + " " + refused.reason();
    }

    private static String clientHost() {
        String peer = PEER.get();
        if (peer != null) {
            return peer;
        }
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException notInACall) {
            return "(unknown)";
        }
    }

    /**
     * Makes this the scope of the streams this thread creates until {@link Entered#close()}, which restores the
     * scope before (use try-with-resources).
     */
    public Entered enter() {
        ReadScope previous = CURRENT.get();
        CURRENT.set(this);
        return new Entered(previous, false, null);
    }

    /**
     * {@link #enter()} for reading a call from {@code peer} (its address), which a transport other than Java RMI
     * names: the refusals logged meanwhile name it.
     *
     * @since 1.7
     */
    public Entered enterCall(String peer) {
        ReadScope previous = CURRENT.get();
        CURRENT.set(this);
        String previousPeer = PEER.get();
        PEER.set(peer);
        return new Entered(previous, true, previousPeer);
    }

    /**
     * Marks the call a transport is about to invoke on {@code target} in this thread with {@code arguments}, which
     * it read from another JVM in this scope (a scope for calls): objects new to this JVM, held by nothing but the
     * call, every class of them passed this scope's filter. Until the mark is closed (use try-with-resources around
     * exactly the invocation), {@code target}'s method may keep an argument as its own ({@link #arrived}) instead
     * of copying it through its allowlist.
     *
     * @throws NullPointerException if {@code target} or {@code arguments} is null
     * @throws IllegalStateException if this is a scope for replies
     * @since 1.8
     */
    public Received received(Object target, Object[] arguments) {
        if (!calls) {
            throw new IllegalStateException("a scope for replies reads no call's arguments: " + this);
        }
        Received previous = RECEIVED.get();
        Received mark = new Received(this, Objects.requireNonNull(target, "target"),
                Objects.requireNonNull(arguments, "arguments"), previous);
        RECEIVED.set(mark);
        return mark;
    }

    /**
     * Marks the call this thread serves, received for {@code from}, as received for {@code to} too until the returned
     * mark is closed: for an object that forwards the call it was given to another with the same arguments (a guard
     * in front of a service's backend), so that {@code to} may keep them ({@link #arrived}) as {@code from} could.
     * Null, nothing to close, when this thread serves no call received for {@code from} with these arguments.
     *
     * @param arguments the arguments forwarded, each the very object received or, for a primitive parameter, its
     *     value boxed again (null for none)
     * @throws NullPointerException if {@code to} is null
     * @since 1.8
     */
    public static Received forwarded(Object from, Object to, Object[] arguments) {
        Objects.requireNonNull(to, "to");
        Received mark = RECEIVED.get();
        if (mark == null || mark.target != from || !sameObjects(mark.arguments, arguments)) {
            return null;
        }
        Received forwarded = new Received(mark.scope, to, mark.arguments, mark);
        RECEIVED.set(forwarded);
        return forwarded;
    }

    private static boolean sameObjects(Object[] received, Object[] forwarded) {
        int length = forwarded == null ? 0 : forwarded.length;
        if (received.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            Object was = received[i];
            Object is = forwarded[i];
            // a primitive parameter is boxed again on its way through a dynamic proxy: equal, not the same
            if (was != is && !(was != null && PRIMITIVE_WRAPPERS.contains(was.getClass()) && was.equals(is))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code argument} is an argument of the call a transport is invoking on {@code target} in this thread,
     * read from another JVM through {@code filter} ({@link #received}): an object {@code target} may keep as its own,
     * since nothing else holds it and it passed that allowlist, as a copy it made itself through the filter would
     * have. False for an object an in-process caller passed (also one serving a call of its own), and for one
     * read through another filter.
     *
     * @since 1.8
     */
    public static boolean arrived(Object argument, Object target, SerialFilter filter) {
        Received mark = RECEIVED.get();
        if (argument == null || mark == null || mark.target != target
                || mark.scope.marshaller.filter() != filter) {
            return false;
        }
        for (Object received : mark.arguments) {
            if (received == argument) {
                return true;
            }
        }
        return false;
    }

    /** The scope this thread entered, or null. */
    public static ReadScope current() {
        return CURRENT.get();
    }

    /**
     * The scope a stream reads in: the scope it has as its filter, or the scope its thread entered where the JVM
     * can only apply scopes through a JVM-wide filter; null for a stream that is not Estuary's.
     */
    public static ReadScope of(ObjectInputStream in) {
        ObjectInputFilter filter = in.getObjectInputFilter();
        if (filter instanceof ReadScope scope) {
            return scope;
        }
        if (filter instanceof Stream stream) {
            return stream.scope;
        }
        return filter != null && ScopedFilters.isDispatch(filter) ? current() : null;
    }

    @Override
    public String toString() {
        return "ReadScope[" + (calls ? "calls" : "replies") + ", " + marshaller.filter() + "]";
    }

    /** A scope as one stream's filter: its arrays and hash tables counted across the stream; read by one thread. */
    private static final class Stream implements ObjectInputFilter {
        private final ReadScope scope;
        private final StreamTally tally = new StreamTally();

        Stream(ReadScope scope) {
            this.scope = scope;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            return scope.check(info, tally);
        }

        @Override
        public String toString() {
            return scope.toString();
        }
    }

    /** A call marked as {@link #received}; {@link #close()} restores what the thread had before. */
    public static final class Received implements AutoCloseable {
        private final ReadScope scope;
        private final Object target;
        private final Object[] arguments;
        private final Received previous;

        private Received(ReadScope scope, Object target, Object[] arguments, Received previous) {
            this.scope = scope;
            this.target = target;
            this.arguments = arguments;
            this.previous = previous;
        }

        @Override
        public void close() {
            RECEIVED.set(previous); // null keeps the thread's entry, as Entered does
        }
    }

    /** An entered scope; {@link #close()} restores what the thread had before. */
    public static final class Entered implements AutoCloseable {
        private final ReadScope previous;
        private final boolean withPeer;
        private final String previousPeer;

        private Entered(ReadScope previous, boolean withPeer, String previousPeer) {
            this.previous = previous;
            this.withPeer = withPeer;
            this.previousPeer = previousPeer;
        }

        @Override
        public void close() {
            CURRENT.set(previous); // null keeps the thread's entry: cheaper than removing it on every call
            if (withPeer) {
                PEER.set(previousPeer);
            }
        }
    }
}
