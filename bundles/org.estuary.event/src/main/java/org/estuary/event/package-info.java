/**
 * Event generation and delivery for Estuary's services (Distributed Events, EV.2): {@link
 * org.estuary.event.SequenceNumbers} numbers the occurrences of each kind of event (EV.2.3.2) and survives
 * restarts through a {@link org.estuary.event.HighWaterMark}; {@link org.estuary.event.EventDelivery} calls
 * {@code RemoteEventListener.notify} on a bounded set of threads, one event at a time per lane, retrying
 * indefinite failures with back-off until the governing lease ends and reporting each outcome to the caller.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.7.0")
package org.estuary.event;
