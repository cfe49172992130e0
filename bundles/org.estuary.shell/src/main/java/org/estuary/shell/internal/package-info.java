/**
 * The Karaf shell commands of scope {@code estuary}, made from the {@code ServiceView}s the services register: a
 * command per table and per action, and {@code estuary:metrics}. A new service gets its commands by registering
 * its view; nothing here names a service.
 */
package org.estuary.shell.internal;
