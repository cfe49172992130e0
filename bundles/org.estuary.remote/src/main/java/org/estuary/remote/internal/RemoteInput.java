package org.estuary.remote.internal;

import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.estuary.io.SerialFilter;

/**
 * Keeps the allowlists that guard what remote objects send back to this JVM (issue 5 item 4) and installs
 * {@link RemoteInputFilter} as the JVM-wide filter that applies them. Each running exporter or client registers its
 * filter; a reply must pass all of them (the strictest wins), and with none registered the default allowlist
 * applies. If the JVM already has a JVM-wide filter of someone else's ({@code -Djdk.serialFilter}), that filter guards
 * the replies instead and a WARNING says so.
 */
public final class RemoteInput {

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");
    private static final List<LoggingFilter> LIVE = new CopyOnWriteArrayList<>();
    private static final LoggingFilter DEFAULT = LoggingFilter.forReplies(SerialFilter.defaults());
    private static final ObjectInputFilter STRICTEST = RemoteInput::check;
    private static final RemoteInputFilter DISPATCH = new RemoteInputFilter();
    private static volatile boolean installed;

    private RemoteInput() {
    }

    /** A registered filter; {@link #close()} withdraws it. */
    public static final class Registration implements AutoCloseable {
        private final LoggingFilter filter;

        private Registration(LoggingFilter filter) {
            this.filter = filter;
        }

        @Override
        public void close() {
            LIVE.remove(filter);
        }
    }

    /** Guards replies with {@code filter} (too) until the registration is closed; installs the JVM-wide filter. */
    public static Registration register(SerialFilter filter) {
        LoggingFilter logging = LoggingFilter.forReplies(filter);
        LIVE.add(logging);
        ensureInstalled();
        return new Registration(logging);
    }

    /** Installs the JVM-wide filter if it is not yet (with the default allowlist when nothing registered). */
    @SuppressWarnings("unchecked")
    public static void ensureInstalled() {
        if (installed) {
            return;
        }
        synchronized (RemoteInput.class) {
            if (installed) {
                return;
            }
            ObjectInputFilter current = ObjectInputFilter.Config.getSerialFilter();
            if (current == null) {
                try {
                    ObjectInputFilter.Config.setSerialFilter(DISPATCH);
                    current = DISPATCH;
                } catch (IllegalStateException raced) {
                    current = ObjectInputFilter.Config.getSerialFilter();
                }
            }
            if (current == DISPATCH) {
                DISPATCH.accept(STRICTEST);
            } else if (current instanceof Consumer
                    && current.getClass().getName().equals(RemoteInputFilter.class.getName())) {
                // An earlier revision of this bundle installed it; it applies this revision's filters from now on.
                ((Consumer<ObjectInputFilter>) current).accept(STRICTEST);
            } else {
                LOG.log(Level.WARNING, "this JVM already has a JVM-wide deserialization filter ({0}, e.g. from "
                        + "-Djdk.serialFilter): it, not Estuary''s allowlist, checks what remote objects return to "
                        + "Estuary here", current);
            }
            installed = true;
        }
    }

    /** The strictest verdict of the registered filters (the default allowlist without any). */
    private static ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
        ObjectInputFilter.Status result = ObjectInputFilter.Status.UNDECIDED;
        boolean any = false;
        for (LoggingFilter filter : LIVE) {
            any = true;
            ObjectInputFilter.Status status = filter.checkInput(info);
            if (status == ObjectInputFilter.Status.REJECTED) {
                return status;
            }
            if (status == ObjectInputFilter.Status.ALLOWED) {
                result = status;
            }
        }
        return any ? result : DEFAULT.checkInput(info);
    }
}
