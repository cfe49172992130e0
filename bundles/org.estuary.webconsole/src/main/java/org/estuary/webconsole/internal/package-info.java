/**
 * Felix web console plugins (issue 7 item 1): one DS {@code Servlet} component per page, extending
 * {@code AbstractWebConsolePlugin}, each rendering through a page class that takes plain inputs (so tests need no
 * servlet container). A new service adds its page the same way: a {@code *Page} class over its admin interface
 * and a {@code *Plugin} component with the {@code felix.webconsole.*} properties and category {@value
 * org.estuary.webconsole.internal.Html#CATEGORY}.
 */
package org.estuary.webconsole.internal;
