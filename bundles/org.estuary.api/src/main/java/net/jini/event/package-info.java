/**
 * The event mailbox service, which stores event notifications for its clients and delivers them on request,
 * by push to a target listener (EM.2 to EM.4) or by pull through an iterator (EM.5 to EM.7).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.event;
