package dev.fluxbench.harness.gate;

import java.io.StringWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import dev.fluxbench.harness.results.AssertionOutcome;
import dev.fluxbench.harness.results.ResultsDirectory;

/**
 * Writes a {@link GateResult} as JUnit XML, the format Ant and Surefire write and
 * Jenkins, GitLab and the GitHub test-report actions read: a {@code <testsuites>} root
 * holding one {@code <testsuite>}, with
 * <ul>
 * <li>one test case per assertion, target, load and step label, its trials together: it
 * fails when any trial failed, and says which;</li>
 * <li>with a baseline, one test case per target, load, label and compared figure, failing
 * on a regression, and a skipped one for what could not be compared.</li>
 * </ul>
 * Test case names never hold measured figures, so that a CI server can follow each one
 * from build to build; the figures are in the failure or in {@code <system-out>}.
 */
public final class JunitXml {

	/**
	 * Ant's pattern, without a zone, which its schema does not allow; the instant is in
	 * UTC.
	 */
	private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT)
		.withZone(ZoneOffset.UTC);

	private JunitXml() {
	}

	/** The assertions alone, as a suite that starts now. */
	public static void write(Path file, String suiteName, List<AssertionOutcome> outcomes) {
		write(file, GateResult.of(suiteName, outcomes));
	}

	/** Replaces the file as a whole, so that a CI server never reads half of it. */
	public static void write(Path file, GateResult result) {
		ResultsDirectory.writeAtomically(file, toXml(result));
	}

	static String toXml(GateResult result) {
		List<TestCase> cases = testCases(result);
		long failures = cases.stream().filter((testCase) -> testCase.failure().isPresent()).count();
		long skipped = cases.stream().filter((testCase) -> testCase.skipped().isPresent()).count();
		String time = String.format(Locale.ROOT, "%.3f", result.time().toMillis() / 1000.0);
		StringWriter out = new StringWriter();
		try {
			// The JDK's own writer, not whichever StAX implementation a dependency
			// brings, for the same escaping everywhere.
			XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
			xml.writeStartDocument("UTF-8", "1.0");
			newLine(xml, 0);
			xml.writeStartElement("testsuites");
			attribute(xml, "name", "fluxbench");
			attribute(xml, "tests", cases.size());
			attribute(xml, "failures", failures);
			attribute(xml, "errors", 0);
			attribute(xml, "time", time);
			newLine(xml, 1);
			xml.writeStartElement("testsuite");
			attribute(xml, "name", result.suiteName());
			attribute(xml, "tests", cases.size());
			attribute(xml, "failures", failures);
			attribute(xml, "errors", 0);
			attribute(xml, "skipped", skipped);
			attribute(xml, "time", time);
			attribute(xml, "timestamp", TIMESTAMP.format(result.timestamp()));
			for (TestCase testCase : cases) {
				newLine(xml, 2);
				write(xml, testCase);
			}
			newLine(xml, 1);
			xml.writeEndElement();
			newLine(xml, 0);
			xml.writeEndElement();
			newLine(xml, 0);
			xml.writeEndDocument();
			xml.close();
		}
		catch (XMLStreamException ex) {
			throw new IllegalStateException("Could not write the JUnit XML", ex);
		}
		return out.toString();
	}

	static List<TestCase> testCases(GateResult result) {
		String prefix = "fluxbench." + classNamePart(result.suiteName()) + ".";
		List<TestCase> cases = new ArrayList<>();
		assertionGroups(result.assertions())
			.forEach((trials) -> cases.add(assertionCase(prefix + classNamePart(trials.getFirst().target()), trials)));
		result.baseline().ifPresent((comparison) -> {
			comparison.changes()
				.forEach((change) -> cases.add(changeCase(prefix + classNamePart(change.target()), change)));
			comparison.notCompared()
				.forEach((missing) -> cases.add(notComparedCase(prefix + classNamePart(missing.target()), missing)));
		});
		return cases;
	}

	/**
	 * The trials of each assertion, target, load and label, in the order they were first
	 * checked.
	 */
	private static List<List<AssertionOutcome>> assertionGroups(List<AssertionOutcome> outcomes) {
		record Key(String target, int load, String label, String assertion) {
		}
		Map<Key, List<AssertionOutcome>> groups = outcomes.stream()
			.collect(Collectors.groupingBy(
					(outcome) -> new Key(outcome.target(), outcome.load(), outcome.label(), outcome.assertion()),
					LinkedHashMap::new, Collectors.toList()));
		return groups.values()
			.stream()
			.map((trials) -> trials.stream().sorted(Comparator.comparingInt(AssertionOutcome::trial)).toList())
			.toList();
	}

	private static TestCase assertionCase(String className, List<AssertionOutcome> trials) {
		AssertionOutcome first = trials.getFirst();
		String name = "load " + first.load() + ": " + first.assertion() + Labels.suffix(first.label());
		String story = trials.stream()
			.map((trial) -> "trial " + trial.trial() + ": " + (trial.passed() ? "passed" : "failed") + ": "
					+ trial.detail())
			.collect(Collectors.joining("\n"));
		List<AssertionOutcome> failed = trials.stream().filter((trial) -> !trial.passed()).toList();
		if (failed.isEmpty()) {
			return new TestCase(className, name, Optional.empty(), Optional.empty(), story);
		}
		String message = (trials.size() == 1) ? failed.getFirst().detail()
				: "failed in " + failed.size() + " of " + trials.size() + " trials: "
						+ failed.stream()
							.map((trial) -> "trial " + trial.trial() + ": " + trial.detail())
							.collect(Collectors.joining("; "));
		return new TestCase(className, name, Optional.of(new Failure("fluxbench.AssertionFailed", message, story)),
				Optional.empty(), "");
	}

	private static TestCase changeCase(String className, Change change) {
		String name = "load " + change.load() + ": " + change.aspect().title() + " against the baseline"
				+ Labels.suffix(change.label());
		if (change.isRegression()) {
			return new TestCase(className, name,
					Optional.of(new Failure("fluxbench.Regression", change.sentence(), change.sentence())),
					Optional.empty(), "");
		}
		return new TestCase(className, name, Optional.empty(), Optional.empty(), change.sentence());
	}

	private static TestCase notComparedCase(String className, NotCompared missing) {
		String name = missing.load().map((load) -> "load " + load + ": ").orElse("") + "against the baseline"
				+ missing.label().map(Labels::suffix).orElse("");
		return new TestCase(className, name, Optional.empty(), Optional.of("not compared: " + missing.reason()), "");
	}

	private static void write(XMLStreamWriter xml, TestCase testCase) throws XMLStreamException {
		xml.writeStartElement("testcase");
		attribute(xml, "name", testCase.name());
		attribute(xml, "classname", testCase.className());
		// The assertions and comparisons take no time of their own; the run's time is the
		// suite's.
		attribute(xml, "time", "0");
		boolean empty = testCase.failure().isEmpty() && testCase.skipped().isEmpty() && testCase.output().isEmpty();
		if (!empty) {
			if (testCase.failure().isPresent()) {
				Failure failure = testCase.failure().get();
				newLine(xml, 3);
				xml.writeStartElement("failure");
				attribute(xml, "message", failure.message());
				attribute(xml, "type", failure.type());
				xml.writeCharacters(xmlText(failure.text()));
				xml.writeEndElement();
			}
			if (testCase.skipped().isPresent()) {
				newLine(xml, 3);
				xml.writeEmptyElement("skipped");
				attribute(xml, "message", testCase.skipped().get());
			}
			if (!testCase.output().isEmpty()) {
				newLine(xml, 3);
				xml.writeStartElement("system-out");
				xml.writeCharacters(xmlText(testCase.output()));
				xml.writeEndElement();
			}
			newLine(xml, 2);
		}
		xml.writeEndElement();
	}

	/**
	 * A message attribute on one line: a CI server shows it as a title, and a parser
	 * would turn line breaks in an attribute into spaces anyway.
	 */
	private static void attribute(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
		String oneLine = name.equals("message") ? value.replaceAll("\\s*[\\r\\n]+\\s*", " ") : value;
		xml.writeAttribute(name, xmlText(oneLine));
	}

	private static void attribute(XMLStreamWriter xml, String name, long value) throws XMLStreamException {
		xml.writeAttribute(name, Long.toString(value));
	}

	private static void newLine(XMLStreamWriter xml, int depth) throws XMLStreamException {
		xml.writeCharacters("\n" + "  ".repeat(depth));
	}

	/**
	 * Dots split a class name into packages in Jenkins' tree, so a scenario or target id
	 * keeps its own dots out of it.
	 */
	private static String classNamePart(String id) {
		return id.replace('.', '_');
	}

	/**
	 * The text with the characters XML 1.0 cannot hold at all (most control characters,
	 * lone surrogates) replaced by U+FFFD: the writer escapes markup, but it cannot
	 * escape those, and one of them in a target id would make the whole file unreadable.
	 */
	static String xmlText(String text) {
		StringBuilder clean = new StringBuilder(text.length());
		text.codePoints().forEach((c) -> clean.appendCodePoint(isXmlCharacter(c) ? c : 0xFFFD));
		return clean.toString();
	}

	private static boolean isXmlCharacter(int c) {
		return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
				|| (c >= 0x10000 && c <= 0x10FFFF);
	}

	/**
	 * A test case: a failure, a skip, or a pass with what was measured.
	 *
	 * @param output the figures, as {@code <system-out>} of a passed test case
	 */
	record TestCase(String className, String name, Optional<Failure> failure, Optional<String> skipped, String output) {

	}

	/** Why a test case failed: a one-line message and the whole story. */
	record Failure(String type, String message, String text) {

	}

}
