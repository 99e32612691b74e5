package dev.fluxbench.harness.gate;

import java.io.IOException;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.Source;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;

import dev.fluxbench.harness.gate.Change.Basis;
import dev.fluxbench.harness.report.Aspect;
import dev.fluxbench.harness.report.RunResults;
import dev.fluxbench.harness.report.Statistics.Interval;
import dev.fluxbench.harness.results.AssertionOutcome;
import dev.fluxbench.harness.results.Summary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The JUnit XML is checked the way a CI server reads it: validated against a schema of
 * the format, then parsed, never compared as text.
 */
class JunitXmlTests {

	/**
	 * Markup, both quotes, a CDATA end, accents, a character beyond the BMP: what
	 * escaping must survive.
	 */
	private static final String NASTY = "<b> & \"double\" 'single' ]]> Zürich ☃ 𝄞";

	@TempDir
	Path directory;

	@Test
	void namesAndMessagesWhenTheyHoldMarkupQuotesOrNonAsciiShouldBeValidAndReadBackAsWritten() throws Exception {
		String target = "app" + NASTY;
		String label = "step" + NASTY;
		String failed = "p95 412 ms is not below 300 ms" + NASTY;
		List<AssertionOutcome> outcomes = List.of(
				new AssertionOutcome("p95 < 300 ms", label, target, 50, 1, false, failed),
				new AssertionOutcome("p95 < 300 ms", label, target, 50, 2, true, "p95 280 ms"));
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, "suite" + NASTY, outcomes);
		Document document = validAndParsed(file);
		Element suite = only(document, "testsuite");
		assertThat(suite.getAttribute("name")).isEqualTo("suite" + NASTY);
		Element testCase = only(document, "testcase");
		assertThat(testCase.getAttribute("name")).isEqualTo("load 50: p95 < 300 ms [" + label + "]");
		assertThat(testCase.getAttribute("classname")).isEqualTo("fluxbench.suite" + NASTY + ".app" + NASTY);
		Element failure = only(document, "failure");
		assertThat(failure.getAttribute("message")).isEqualTo("failed in 1 of 2 trials: trial 1: " + failed);
		assertThat(failure.getAttribute("type")).isEqualTo("fluxbench.AssertionFailed");
		assertThat(failure.getTextContent()).isEqualTo("trial 1: failed: " + failed + "\ntrial 2: passed: p95 280 ms");
		assertThat(Files.readString(file, StandardCharsets.UTF_8))
			.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
			.contains("Zürich ☃ 𝄞");
	}

	@Test
	void assertionWhenRunOverTrialsShouldBeOneTestCaseThatFailsWhenAnyTrialFailed() throws Exception {
		List<AssertionOutcome> outcomes = new ArrayList<>();
		for (int trial = 1; trial <= 3; trial++) {
			for (String target : List.of("mvc", "webflux")) {
				boolean failed = target.equals("mvc") && trial != 2;
				outcomes.add(new AssertionOutcome("p99 < 500 ms", Summary.ALL, target, 20, trial, !failed,
						failed ? "p99 " + (600 + trial) + " ms is not below 500 ms" : "p99 " + (400 + trial) + " ms"));
				outcomes.add(new AssertionOutcome("errors < 1", Summary.ALL, target, 20, trial, true, "0 errors"));
			}
		}
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, GateResult.of("checkout", outcomes)
			.timed(Instant.parse("2026-11-24T08:19:49.750Z"), Duration.ofMillis(95_250)));
		Document document = validAndParsed(file);
		Element root = document.getDocumentElement();
		assertThat(root.getTagName()).isEqualTo("testsuites");
		assertThat(root.getAttribute("tests")).isEqualTo("4");
		assertThat(root.getAttribute("failures")).isEqualTo("1");
		assertThat(root.getAttribute("errors")).isEqualTo("0");
		Element suite = only(document, "testsuite");
		assertThat(suite.getAttribute("name")).isEqualTo("checkout");
		assertThat(suite.getAttribute("tests")).isEqualTo("4");
		assertThat(suite.getAttribute("failures")).isEqualTo("1");
		assertThat(suite.getAttribute("errors")).isEqualTo("0");
		assertThat(suite.getAttribute("skipped")).isEqualTo("0");
		assertThat(suite.getAttribute("time")).isEqualTo("95.250");
		assertThat(suite.getAttribute("timestamp")).isEqualTo("2026-11-24T08:19:49");
		List<Element> cases = elements(document, "testcase");
		assertThat(cases)
			.extracting((testCase) -> testCase.getAttribute("classname") + " / " + testCase.getAttribute("name"))
			.containsExactly("fluxbench.checkout.mvc / load 20: p99 < 500 ms",
					"fluxbench.checkout.mvc / load 20: errors < 1",
					"fluxbench.checkout.webflux / load 20: p99 < 500 ms",
					"fluxbench.checkout.webflux / load 20: errors < 1");
		Element failure = only(document, "failure");
		assertThat(failure.getParentNode()).isSameAs(cases.getFirst());
		assertThat(failure.getAttribute("message")).isEqualTo(
				"failed in 2 of 3 trials: trial 1: p99 601 ms is not below 500 ms; trial 3: p99 603 ms is not below 500 ms");
		assertThat(failure.getTextContent()).isEqualTo("""
				trial 1: failed: p99 601 ms is not below 500 ms
				trial 2: passed: p99 402 ms
				trial 3: failed: p99 603 ms is not below 500 ms""");
		assertThat(cases.get(2).getElementsByTagName("system-out").item(0).getTextContent())
			.isEqualTo("trial 1: passed: p99 401 ms\ntrial 2: passed: p99 402 ms\ntrial 3: passed: p99 403 ms");
	}

	@Test
	void singleTrialsViolationShouldBeTheMessageOnOneLineAndKeepItsLineBreaksInTheText() throws Exception {
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, "checkout", List.of(new AssertionOutcome("errors < 1", "buy", "app", 10, 1, false,
				"3 errors is not below 1\n  timeout: 3")));
		Document document = validAndParsed(file);
		assertThat(only(document, "testcase").getAttribute("name")).isEqualTo("load 10: errors < 1 [buy]");
		Element failure = only(document, "failure");
		assertThat(failure.getAttribute("message")).isEqualTo("3 errors is not below 1 timeout: 3");
		assertThat(failure.getTextContent()).isEqualTo("trial 1: failed: 3 errors is not below 1\n  timeout: 3");
	}

	@Test
	void regressionShouldBeAFailedTestCaseAndWhatWasNotComparedASkippedOne() throws Exception {
		Change regression = Change.of("app", 50, Summary.ALL, Aspect.P95, 200, 400, new Interval(190, 210),
				new Basis(Basis.Unit.SAMPLES, 2000, 2000), 0.10);
		Change noise = Change.of("app", 50, Summary.ALL, Aspect.P99, 300, 301, new Interval(-5, 7),
				new Basis(Basis.Unit.SAMPLES, 2000, 2000), 0.10);
		Comparison comparison = new Comparison(0.10, List.of(regression, noise),
				List.of(NotCompared.target("new", "not in the baseline"),
						NotCompared.label("app", 50, "pay", "not in the baseline")));
		Path file = this.directory.resolve("junit.xml");
		GateResult result = GateResult
			.of("checkout",
					List.of(new AssertionOutcome("p95 < 300 ms", Summary.ALL, "app", 50, 1, true, "p95 250 ms")))
			.withBaseline(comparison);
		JunitXml.write(file, result);
		assertThat(result.passed()).isFalse();
		Document document = validAndParsed(file);
		Element suite = only(document, "testsuite");
		assertThat(suite.getAttribute("tests")).isEqualTo("5");
		assertThat(suite.getAttribute("failures")).isEqualTo("1");
		assertThat(suite.getAttribute("skipped")).isEqualTo("2");
		assertThat(elements(document, "testcase")).extracting((testCase) -> testCase.getAttribute("name"))
			.containsExactly("load 50: p95 < 300 ms", "load 50: p95 latency against the baseline",
					"load 50: p99 latency against the baseline", "against the baseline",
					"load 50: against the baseline [pay]");
		Element failure = only(document, "failure");
		assertThat(failure.getAttribute("type")).isEqualTo("fluxbench.Regression");
		assertThat(failure.getAttribute("message")).isEqualTo(regression.sentence())
			.isEqualTo("p95 latency rose from 200 ms to 400 ms (+100.0%; 95% interval of the difference +190 ms to "
					+ "+210 ms, 2000 samples against 2000): a regression beyond the 10% tolerance");
		assertThat(elements(document, "testcase").get(2).getElementsByTagName("system-out").item(0).getTextContent())
			.isEqualTo(noise.sentence());
		List<Element> skipped = elements(document, "skipped");
		assertThat(skipped).extracting((element) -> element.getAttribute("message"))
			.containsExactly("not compared: not in the baseline", "not compared: not in the baseline");
		assertThat(((Element) skipped.getFirst().getParentNode()).getAttribute("classname"))
			.isEqualTo("fluxbench.checkout.new");
	}

	@Test
	void comparisonWhenItIsOfRealResultsDirectoriesShouldBeValidToo() throws Exception {
		Path before = GateFixture.run()
			.targets("mvc", "webflux")
			.labels("browse", "buy")
			.write(this.directory.resolve("b"));
		Path after = GateFixture.copy(before, this.directory.resolve("a"), "webflux", GateFixture.slower(200, "buy"));
		Comparison comparison = Baseline.compare(RunResults.read(before), RunResults.read(after), 0.10);
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, GateResult.of("checkout", List.of()).withBaseline(comparison));
		Document document = validAndParsed(file);
		assertThat(only(document, "testsuite").getAttribute("tests")).isEqualTo("16");
		assertThat(elements(document, "failure"))
			.extracting((failure) -> ((Element) failure.getParentNode()).getAttribute("name"))
			.containsExactly("load 10: p95 latency against the baseline [buy]",
					"load 10: p99 latency against the baseline [buy]");
	}

	@Test
	void charactersWhenXmlCannotHoldThemShouldBeReplacedRatherThanBreakTheFile() throws Exception {
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, "checkout", List
			.of(new AssertionOutcome("p95 < 300 ms", Summary.ALL, "app\u0001\u001b", 10, 1, false, "bad \uD800 half")));
		Document document = validAndParsed(file);
		assertThat(only(document, "testcase").getAttribute("classname"))
			.isEqualTo("fluxbench.checkout.app\uFFFD\uFFFD");
		assertThat(only(document, "failure").getAttribute("message")).isEqualTo("bad \uFFFD half");
	}

	@Test
	void dotsInIdsShouldStayOutOfTheClassNamesPackages() throws Exception {
		Path file = this.directory.resolve("junit.xml");
		JunitXml.write(file, "v1.2",
				List.of(new AssertionOutcome("p95 < 300 ms", Summary.ALL, "app.example.com", 10, 1, true, "p95 1 ms")));
		assertThat(only(validAndParsed(file), "testcase").getAttribute("classname"))
			.isEqualTo("fluxbench.v1_2.app_example_com");
	}

	@Test
	void junitXmlWhenThereAreNoAssertionsShouldBeAValidEmptySuiteInANewDirectory() throws Exception {
		Path file = this.directory.resolve("results/build-7/junit.xml");
		JunitXml.write(file, "checkout", List.of());
		Document document = validAndParsed(file);
		assertThat(only(document, "testsuite").getAttribute("tests")).isEqualTo("0");
		assertThat(elements(document, "testcase")).isEmpty();
	}

	/**
	 * Validation that accepted anything would prove nothing: the schema does refuse what
	 * is wrong.
	 */
	@Test
	void schemaShouldRefuseATestCaseWithoutAClassNameAndAZonedTimestamp() {
		String noClassName = """
				<testsuites tests="1" failures="0" errors="0" time="0">
				  <testsuite name="s" tests="1" failures="0" errors="0" skipped="0" time="0" timestamp="2026-11-24T08:19:49">
				    <testcase name="t" time="0"/>
				  </testsuite>
				</testsuites>""";
		assertThatExceptionOfType(SAXException.class)
			.isThrownBy(() -> validate(new StreamSource(new StringReader(noClassName))))
			.withMessageContaining("classname");
		String zoned = noClassName.replace("<testcase name=\"t\"", "<testcase name=\"t\" classname=\"c\"")
			.replace("08:19:49\"", "08:19:49Z\"");
		assertThatExceptionOfType(SAXException.class)
			.isThrownBy(() -> validate(new StreamSource(new StringReader(zoned))))
			.withMessageContaining("08:19:49Z");
	}

	private static Document validAndParsed(Path file) throws SAXException, IOException, ParserConfigurationException {
		validate(new StreamSource(file.toFile()));
		DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
		factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
		return factory.newDocumentBuilder().parse(file.toFile());
	}

	private static void validate(Source source) throws SAXException, IOException {
		URL xsd = JunitXmlTests.class.getResource("/gate/junit-subset.xsd");
		Schema schema = SchemaFactory.newDefaultInstance().newSchema(xsd);
		var validator = schema.newValidator();
		validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
		validator.validate(source);
	}

	private static Element only(Document document, String tag) {
		List<Element> found = elements(document, tag);
		assertThat(found).as("<%s> elements", tag).hasSize(1);
		return found.getFirst();
	}

	private static List<Element> elements(Document document, String tag) {
		NodeList nodes = document.getElementsByTagName(tag);
		List<Element> elements = new ArrayList<>();
		for (int i = 0; i < nodes.getLength(); i++) {
			elements.add((Element) nodes.item(i));
		}
		return elements;
	}

}
