package dev.fluxbench.assess.rule;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import dev.fluxbench.assess.AssessOptions;
import dev.fluxbench.assess.Assessment;
import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.Finding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rule of the catalogue against its two fixture projects: {@code fires}, whose
 * findings for the rule must be those of its {@code expected.txt}, and {@code quiet},
 * which must give none. Run with {@code -Dfluxbench.assess.golden.update=true} to rewrite
 * the expected files after a deliberate change, then read the diff.
 */
class RuleFixturesTests {

	static final Path FIXTURES = Path
		.of(System.getProperty("fluxbench.assess.fixtures", "src/test/resources/fixtures"));

	private static final boolean UPDATE = Boolean.getBoolean("fluxbench.assess.golden.update");

	@TempDir
	static Path scratch;

	static Path repository;

	@BeforeAll
	static void copyRepository() throws IOException {
		// A copy: the resolver writes its tracking files into the local repository.
		repository = scratch.resolve("repository");
		Path source = FIXTURES.resolve("repository");
		try (Stream<Path> files = Files.walk(source)) {
			for (Path file : files.toList()) {
				Path target = repository.resolve(source.relativize(file).toString());
				if (Files.isDirectory(file)) {
					Files.createDirectories(target);
				}
				else {
					Files.copy(file, target);
				}
			}
		}
	}

	@Test
	void catalogueWhenEveryRuleIsListedShouldHaveAFiresAndAQuietFixtureForEach() {
		List<String> missing = new ArrayList<>();
		for (RuleInfo rule : RuleCatalogue.infos()) {
			for (String kind : List.of("fires", "quiet")) {
				if (!Files.isRegularFile(FIXTURES.resolve(rule.id()).resolve(kind).resolve("pom.xml"))) {
					missing.add(rule.id() + "/" + kind);
				}
			}
		}
		assertThat(missing).as("rules without a fixture under %s", FIXTURES).isEmpty();
	}

	@Test
	void fixturesWhenADirectoryNamesNoRuleShouldNotExist() throws IOException {
		List<String> ids = RuleCatalogue.infos().stream().map(RuleInfo::id).toList();
		try (Stream<Path> directories = Files.list(FIXTURES)) {
			assertThat(directories.filter(Files::isDirectory)
				.map((directory) -> directory.getFileName().toString())
				.filter((name) -> !name.equals("repository"))).allMatch(ids::contains);
		}
	}

	@Test
	void catalogueWhenListedShouldGiveEveryRuleAUniqueIdAWhyAndAnAction() {
		assertThat(RuleCatalogue.infos()).extracting(RuleInfo::id).doesNotHaveDuplicates();
		assertThat(RuleCatalogue.infos()).allSatisfy((rule) -> {
			assertThat(rule.why()).endsWith(".");
			assertThat(rule.action()).endsWith(".");
			assertThat(rule.targets()).isNotEmpty();
		});
	}

	@TestFactory
	Stream<DynamicTest> ruleWhenItsFiresFixtureIsAssessedShouldGiveTheExpectedFindings() {
		return RuleCatalogue.infos()
			.stream()
			.filter((rule) -> Files.isDirectory(FIXTURES.resolve(rule.id()).resolve("fires")))
			.map((rule) -> DynamicTest.dynamicTest(rule.id(), () -> {
				Path fixture = FIXTURES.resolve(rule.id()).resolve("fires");
				List<String> actual = findings(fixture, rule.id());
				Path expected = fixture.resolve("expected.txt");
				if (UPDATE) {
					Files.write(expected, actual, StandardCharsets.UTF_8);
				}
				assertThat(actual).as("%s fires", rule.id()).isNotEmpty();
				assertThat(expected).as("the golden file of %s", rule.id()).exists();
				assertThat(actual).as("%s against %s", rule.id(), expected)
					.containsExactlyElementsOf(Files.readAllLines(expected, StandardCharsets.UTF_8));
			}));
	}

	@TestFactory
	Stream<DynamicTest> ruleWhenItsQuietFixtureIsAssessedShouldGiveNoFinding() {
		return RuleCatalogue.infos()
			.stream()
			.filter((rule) -> Files.isDirectory(FIXTURES.resolve(rule.id()).resolve("quiet")))
			.map((rule) -> DynamicTest.dynamicTest(rule.id(),
					() -> assertThat(findings(FIXTURES.resolve(rule.id()).resolve("quiet"), rule.id()))
						.as("%s stays quiet", rule.id())
						.isEmpty()));
	}

	/**
	 * The rule's findings as the golden files hold them: one line each, paths relative.
	 */
	static List<String> findings(Path fixture, String rule) {
		AssessmentReport report = new Assessment(AssessOptions.both(jdk(fixture), true, repository)).assess(fixture);
		return report.findings()
			.stream()
			.filter((finding) -> finding.rule().equals(rule))
			.map(RuleFixturesTests::line)
			.toList();
	}

	static String line(Finding finding) {
		return finding.severity().id() + " " + finding.effort().id() + " " + finding.location().describe() + " | "
				+ finding.evidence() + ((finding.replacement() != null) ? " | instead: " + finding.replacement() : "");
	}

	private static int jdk(Path fixture) {
		Path settings = fixture.resolve("fixture.properties");
		if (!Files.isRegularFile(settings)) {
			return 21;
		}
		Properties properties = new Properties();
		try (Reader reader = Files.newBufferedReader(settings)) {
			properties.load(reader);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return Integer.parseInt(properties.getProperty("jdk", "21"));
	}

}
