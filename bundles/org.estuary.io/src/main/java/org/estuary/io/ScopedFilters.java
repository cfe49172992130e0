package org.estuary.io;

import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Tells the JVM about {@link ReadScope}s, once per JVM: a filter factory that gives each new stream the scope its
 * thread entered ({@link Factory}), else, where a factory can no longer be set, a JVM-wide filter that applies the
 * scope the reading thread is in ({@link Dispatch}). Both are found again by a later revision of this bundle, which
 * hands them its own scopes through a {@code java.*} type ({@code Consumer<Supplier<ObjectInputFilter>>}): the JDK
 * lets a factory be set only once per JVM.
 */
final class ScopedFilters {

    private static final System.Logger LOG = System.getLogger("org.estuary.io");

    private static volatile boolean installed;
    /** The JVM-wide filter that applies scopes, when it is that one that does (this revision's or an earlier's). */
    private static volatile ObjectInputFilter dispatch;

    private ScopedFilters() {
    }

    /** Installs (or takes over) what applies scopes, if not done yet. */
    static void ensureInstalled() {
        if (installed) {
            return;
        }
        synchronized (ScopedFilters.class) {
            if (!installed) {
                install(() -> {
                    ReadScope scope = ReadScope.current();
                    return scope == null ? null : scope.forStream();
                });
                installed = true;
            }
        }
    }

    /** Whether {@code filter} is the JVM-wide filter that applies the reading thread's scope. */
    static boolean isDispatch(ObjectInputFilter filter) {
        return filter == dispatch;
    }

    /** The JVM-wide filter an operator (or other code) set, which scopes apply too; null if none. */
    static ObjectInputFilter operatorFilter() {
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        return jvmWide == null || jvmWide == dispatch ? null : jvmWide;
    }

    private static void install(Supplier<ObjectInputFilter> scopes) {
        BinaryOperator<ObjectInputFilter> factory = ObjectInputFilter.Config.getSerialFilterFactory();
        if (takeOver(factory, Factory.class, scopes)) {
            return;
        }
        ObjectInputFilter jvmWide = ObjectInputFilter.Config.getSerialFilter();
        if (takeOver(jvmWide, Dispatch.class, scopes)) {
            dispatch = jvmWide;
            return;
        }
        try {
            ObjectInputFilter.Config.setSerialFilterFactory(new Factory(scopes));
            return;
        } catch (IllegalStateException tooLate) {
            // a stream was created before, or a factory is configured (jdk.serialFilterFactory)
        }
        if (jvmWide == null) {
            Dispatch mine = new Dispatch(scopes);
            try {
                ObjectInputFilter.Config.setSerialFilter(mine);
                dispatch = mine;
                LOG.log(Level.DEBUG, "Estuary's read scopes apply through a JVM-wide filter: the filter factory "
                        + "was set, or a stream created, before Estuary started");
                return;
            } catch (IllegalStateException raced) {
                jvmWide = ObjectInputFilter.Config.getSerialFilter();
            }
        }
        LOG.log(Level.WARNING, "this JVM already has a deserialization filter factory ({0}) and a JVM-wide filter "
                + "({1}): the replies to Estuary''s own calls are checked by that filter, not by Estuary''s "
                + "allowlist (what Estuary''s exports receive still is). Start the JVM without "
                + "-Djdk.serialFilterFactory, or let Estuary start before other code deserializes anything",
                factory, jvmWide);
    }

    @SuppressWarnings("unchecked")
    private static boolean takeOver(Object installed, Class<?> kind, Supplier<ObjectInputFilter> scopes) {
        if (installed != null && installed.getClass().getName().equals(kind.getName())
                && installed instanceof Consumer) {
            ((Consumer<Supplier<ObjectInputFilter>>) installed).accept(scopes);
            return true;
        }
        return false;
    }

    /** Where the current thread's scope comes from: the newest revision's, which a later revision hands over. */
    abstract static class Handover implements Consumer<Supplier<ObjectInputFilter>> {
        private volatile Supplier<ObjectInputFilter> scopes;

        Handover(Supplier<ObjectInputFilter> scopes) {
            this.scopes = scopes;
        }

        @Override
        public void accept(Supplier<ObjectInputFilter> newer) {
            scopes = newer;
        }

        ObjectInputFilter scope() {
            return scopes.get();
        }

        @Override
        public String toString() {
            return "Estuary's read scopes";
        }
    }

    /**
     * The filter factory: a stream created on a thread in a scope gets the scope as its filter; every other new
     * stream gets the JVM-wide filter (as without a factory); a stream that sets its own filter gets that one, a
     * scope of this revision as that stream's own copy ({@link ReadScope#forStream()}), which counts the stream's
     * hash tables.
     */
    static final class Factory extends Handover implements BinaryOperator<ObjectInputFilter> {

        Factory(Supplier<ObjectInputFilter> scopes) {
            super(scopes);
        }

        @Override
        public ObjectInputFilter apply(ObjectInputFilter current, ObjectInputFilter next) {
            if (current == null && next == ObjectInputFilter.Config.getSerialFilter()) {
                ObjectInputFilter scope = scope(); // a new stream: its thread's scope, if any
                return scope != null ? scope : next;
            }
            return next instanceof ReadScope scope ? scope.forStream() : next;
        }
    }

    /** The JVM-wide filter applying the reading thread's scope; UNDECIDED outside any. */
    static final class Dispatch extends Handover implements ObjectInputFilter {

        Dispatch(Supplier<ObjectInputFilter> scopes) {
            super(scopes);
        }

        @Override
        public Status checkInput(FilterInfo info) {
            ObjectInputFilter scope = scope();
            return scope == null ? Status.UNDECIDED : scope.checkInput(info);
        }
    }
}
