/**
 * The distributed event model: the remote listener interface, the event and registration classes, and the
 * exception a listener uses to refuse unknown events (Distributed Events, EV.2).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.event;
