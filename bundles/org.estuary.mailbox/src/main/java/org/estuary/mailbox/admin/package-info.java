/**
 * Management view of the event mailbox: paged reads of its registrations and their unknown-event lists, and the
 * operator's two actions, disable a registration's push delivery and cancel a registration. The service registers a
 * {@link org.estuary.mailbox.admin.MailboxAdmin} in the OSGi registry; its view, shell commands, console page and
 * MBean use it. It reads the service's own tables under its lock and never copies more than one page.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.mailbox.admin;
