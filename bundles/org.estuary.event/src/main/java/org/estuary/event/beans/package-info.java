/**
 * The bridge between distributed events and JavaBeans events (EV.4): {@link
 * org.estuary.event.beans.RemoteBeanEvent} is a JavaBeans event object made from a {@code RemoteEvent} without
 * loss (EV.4.2); {@link org.estuary.event.beans.BeanEventDispatcher} maps {@code notify} to the right method of
 * a JavaBeans listener; {@link org.estuary.event.beans.RemoteEventBridge} is a JavaBeans listener that turns each
 * call into a {@link org.estuary.event.beans.BeanRemoteEvent} with sequence numbers and a handback and delivers
 * it to a {@code RemoteEventListener}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.event.beans;
