/**
 * The third-party agents of EV.3 as a library, each a {@code RemoteEventListener} that can be interposed in a
 * notification chain (EV.3.4): a {@link org.estuary.event.agent.StoreAndForwardAgent} (EV.3.1), a {@link
 * org.estuary.event.agent.MultiplexingFilter} (EV.3.2.1) and a {@link
 * org.estuary.event.agent.DemultiplexingFilter} with its {@link org.estuary.event.agent.EventPattern}s
 * (EV.3.2.2). They deliver through an {@link org.estuary.event.EventDelivery}, so they share its bounds and
 * retry rules. Notification mailboxes (EV.3.3) are the event mailbox service.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.event.agent;
