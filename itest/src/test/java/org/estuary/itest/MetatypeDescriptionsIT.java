package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.junit.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Every setting an operator meets in the console's configuration form is explained there: each object class and
 * each attribute of every metatype an Estuary bundle ships (OSGI-INF/metatype/*.xml, as bnd generated it from the
 * components' {@code @ObjectClassDefinition}s) has a non-empty description. Read from the built jars of every
 * module of bundles/pom.xml, so a new component or setting is checked without editing this test.
 */
public class MetatypeDescriptionsIT {

    @Test
    public void everySettingOfEveryEstuaryComponentIsDescribed() throws Exception {
        List<String> undescribed = new ArrayList<>();
        int attributes = 0;
        for (Path jar : BuiltBundles.jars()) {
            try (JarFile bundle = new JarFile(jar.toFile())) {
                for (JarEntry entry : Collections.list(bundle.entries())) {
                    if (!entry.getName().startsWith("OSGI-INF/metatype/") || !entry.getName().endsWith(".xml")) {
                        continue;
                    }
                    Document metatype = parse(bundle, entry);
                    for (Element ocd : elements(metatype.getDocumentElement(), "OCD")) {
                        String where = jar.getFileName() + " " + ocd.getAttribute("name");
                        if (ocd.getAttribute("description").isBlank()) {
                            undescribed.add(where + " (the object class itself)");
                        }
                        for (Element ad : elements(ocd, "AD")) {
                            attributes++;
                            if (ad.getAttribute("description").isBlank()) {
                                undescribed.add(where + ": " + ad.getAttribute("id") + " ("
                                        + ad.getAttribute("name") + ")");
                            }
                        }
                    }
                }
            }
        }
        assertTrue("no metatype attribute found in the built bundles", attributes > 0);
        assertEquals("settings without a description in the console's configuration form:\n"
                + String.join("\n", undescribed), List.of(), undescribed);
    }

    private static Document parse(JarFile bundle, JarEntry entry)
            throws IOException, ParserConfigurationException, SAXException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (InputStream in = bundle.getInputStream(entry)) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    /** OCD and AD are unqualified elements inside the metatype namespace's MetaData root. */
    private static List<Element> elements(Element parent, String name) {
        NodeList nodes = parent.getElementsByTagName(name);
        List<Element> found = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            found.add((Element) nodes.item(i));
        }
        return found;
    }
}
