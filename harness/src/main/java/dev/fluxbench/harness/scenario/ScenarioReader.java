package dev.fluxbench.harness.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.fluxbench.contract.fault.FaultPhase;

/**
 * Reads a scenario file (docs/scenario-format.md): YAML, checked against
 * {@code scenarios/scenario.schema.json} (the schema IDEs complete from), then against
 * what a schema cannot say: variables defined before use, environment variables set,
 * labels unique, regular expressions that compile, feeder files that exist. The first
 * problem, by line, ends the read with a {@link ScenarioException}; nothing has started
 * by then.
 */
public final class ScenarioReader {

	/** The format's schema, on the classpath as in the repository. */
	public static final String SCHEMA = "/scenarios/scenario.schema.json";

	/**
	 * A variable reference; JMeter functions ({@code ${__Random(1,9)}}) have parentheses
	 * and are not.
	 */
	private static final Pattern REFERENCE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.]*)}");

	private static final String ENV = "env.";

	/**
	 * The format version this reader reads; docs/scenario-format.md says what changes it.
	 */
	public static final int VERSION = 1;

	private static final JsonSchema SCHEMA_VALIDATOR = loadSchema();

	/**
	 * The schema of a {@code --faults} file: the list a scenario's {@code faults:} holds,
	 * on its own.
	 */
	private static final JsonSchema FAULTS_VALIDATOR = faultsSchema();

	private final String source;

	private final Optional<Path> directory;

	private final Map<String, String> environment;

	private YamlTree tree;

	/**
	 * Each variable a request extracts, and where that request is: a reference that comes
	 * too early says so.
	 */
	private final Map<String, String> extractedBy = new HashMap<>();

	private ScenarioReader(String source, Optional<Path> directory, Map<String, String> environment) {
		this.source = source;
		this.directory = directory;
		this.environment = environment;
	}

	/** Reads the user's file; feeders are found next to it. */
	public static Scenario read(Path file, Map<String, String> environment) {
		String text;
		try {
			text = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new ScenarioException(file.toString(), 0, "cannot be read (" + ex.getClass().getSimpleName() + ")");
		}
		Path parent = file.toAbsolutePath().getParent();
		return new ScenarioReader(file.toString(), Optional.ofNullable(parent), environment)
			.parse(new StringReader(text));
	}

	/** Reads text that has no directory of its own (a built-in, a test). */
	public static Scenario read(String source, Reader reader, Map<String, String> environment) {
		return new ScenarioReader(source, Optional.empty(), environment).parse(reader);
	}

	/**
	 * Reads a {@code --faults} file: the phases a scenario's {@code faults:} would hold,
	 * as a list at the top of the file, checked as they are in a scenario.
	 */
	public static List<FaultPhase> readFaults(Path file) {
		String text;
		try {
			text = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new ScenarioException(file.toString(), 0, "cannot be read (" + ex.getClass().getSimpleName() + ")");
		}
		return readFaults(file.toString(), new StringReader(text));
	}

	/** Reads the phases of a {@code --faults} file from text. */
	public static List<FaultPhase> readFaults(String source, Reader reader) {
		ScenarioReader faults = new ScenarioReader(source, Optional.empty(), Map.of());
		faults.tree = YamlTree.read(source, reader);
		JsonNode root = faults.tree.root();
		if (root.isObject() && root.has("faults")) {
			throw faults.error("", "a faults file holds the list of phases alone: remove 'faults:' and start each"
					+ " phase with '- ', as - {hold: 30s, status: 503}");
		}
		faults.validate(FAULTS_VALIDATOR);
		return faults.faults(root, "");
	}

	private Scenario parse(Reader reader) {
		this.tree = YamlTree.read(this.source, reader);
		validate();
		JsonNode root = this.tree.root();
		Map<String, String> variables = new LinkedHashMap<>();
		root.path("variables")
			.properties()
			.forEach((entry) -> variables.put(entry.getKey(), entry.getValue().asText()));
		List<Scenario.Feeder> feeders = feeders(root.path("feeders"));
		Set<String> defined = new HashSet<>(variables.keySet());
		feeders.forEach((feeder) -> defined.addAll(feeder.columns()));
		variables.forEach((name, value) -> checkReferences("/variables/" + YamlTree.escape(name), value, defined));
		findExtractions(root.path("journey"), "/journey");
		List<Step> journey = steps(root.path("journey"), "/journey", defined);
		Map<String, String> labels = new LinkedHashMap<>();
		labelsUnique(journey, labels, "/journey");
		List<Assertion> assertions = assertions(root.path("assertions"), labels.keySet());
		List<Stack> stacks = new ArrayList<>();
		root.path("stacks").forEach((stack) -> stacks.add(Stack.byId(stack.asText()).orElseThrow()));
		List<String> seeds = new ArrayList<>();
		root.path("seeds").forEach((seed) -> seeds.add(seed.asText()));
		return new Scenario(root.path("name").asText(), root.path("description").asText(""), this.source, seeds,
				stacks.isEmpty() ? Stack.DEFAULT : stacks, root.path("trials").asInt(1),
				duration(root.path("warmup"), Duration.ZERO),
				duration(root.path("http").path("connectTimeout"), Scenario.DEFAULT_CONNECT_TIMEOUT),
				positive(root.path("http").path("responseTimeout"), "/http/responseTimeout",
						Scenario.DEFAULT_RESPONSE_TIMEOUT),
				workload(root.path("load")), variables, feeders, journey, assertions, 1.0,
				faults(root.path("faults"), "/faults"));
	}

	private void validate() {
		JsonNode version = this.tree.root().path("version");
		if (version.isIntegralNumber() && version.asInt() != VERSION) {
			// A newer file's other keys are unknown to this reader: the version is the
			// one thing to say.
			throw error("/version", "version " + version.asText() + " is not a format this fluxbench reads: it reads"
					+ " version " + VERSION + " (docs/scenario-format.md)");
		}
		validate(SCHEMA_VALIDATOR);
	}

	private void validate(JsonSchema schema) {
		List<ValidationMessage> messages = relevant(schema.validate(this.tree.root()));
		if (messages.isEmpty()) {
			return;
		}
		// The most specific problem, earliest in the file: an unknown key often explains
		// a missing one (a typo, or a key indented under the wrong parent), so it comes
		// first.
		messages.sort(Comparator.comparingInt((ValidationMessage message) -> generality(message.getType()))
			.thenComparingInt(this::lineOf));
		ValidationMessage first = messages.getFirst();
		throw new ScenarioException(this.source, lineOf(first), SchemaMessages.describe(first, this.tree.root()));
	}

	/**
	 * A failed oneOf also reports each of its branches' complaints. A branch whose type
	 * does not fit the value is not the form the user meant: when one branch is left, its
	 * complaint says what to fix ({@code thinkTime: {min: 1s}} lacks max); when none or
	 * several are, the oneOf's own message names the forms (a closed load with neither
	 * hold nor iterations).
	 */
	private static List<ValidationMessage> relevant(Collection<ValidationMessage> messages) {
		List<ValidationMessage> kept = new ArrayList<>(messages);
		for (ValidationMessage oneOf : messages) {
			if (!oneOf.getType().equals("oneOf")) {
				continue;
			}
			String prefix = oneOf.getEvaluationPath() + "/";
			Map<String, List<ValidationMessage>> branches = new LinkedHashMap<>();
			for (ValidationMessage message : messages) {
				String path = message.getEvaluationPath().toString();
				if (path.startsWith(prefix)) {
					String branch = path.substring(prefix.length()).split("/")[0];
					branches.computeIfAbsent(branch, (key) -> new ArrayList<>()).add(message);
				}
			}
			List<List<ValidationMessage>> meant = branches.values()
				.stream()
				.filter((complaints) -> complaints.stream()
					.noneMatch((complaint) -> complaint.getType().equals("type")
							&& complaint.getInstanceLocation().equals(oneOf.getInstanceLocation())))
				.toList();
			branches.values().forEach(kept::removeAll);
			if (meant.size() == 1) {
				kept.remove(oneOf);
				kept.addAll(meant.getFirst());
			}
		}
		return kept;
	}

	private static int generality(String type) {
		return switch (type) {
			case "oneOf", "anyOf" -> 2;
			// A step with two keys, one of them unknown, is better told what the unknown
			// one is.
			case "required", "maxProperties" -> 1;
			default -> 0;
		};
	}

	private int lineOf(ValidationMessage message) {
		String pointer = message.getInstanceLocation().toString();
		if (message.getProperty() != null && !message.getType().equals("required")) {
			return this.tree.lineOf(pointer + "/" + YamlTree.escape(message.getProperty()));
		}
		return this.tree.lineOf(pointer);
	}

	private ScenarioException error(String pointer, String reason) {
		return new ScenarioException(this.source, this.tree.lineOf(pointer), reason);
	}

	private Workload workload(JsonNode load) {
		if (load.has("closed")) {
			JsonNode closed = load.path("closed");
			Duration rampUp = duration(closed.path("rampUp"), Duration.ZERO);
			Termination termination = closed.has("iterations")
					? new Termination.Iterations(closed.path("iterations").asInt())
					: new Termination.Hold(positive(closed.path("hold"), "/load/closed/hold", null));
			List<Workload.Level> levels = new ArrayList<>();
			closed.path("users").forEach((users) -> levels.add(new Workload.Level(users.asInt(), rampUp, termination)));
			return new Workload.Closed(levels, pause(closed.path("thinkTime"), "/load/closed/thinkTime"));
		}
		JsonNode open = load.path("open");
		List<Workload.Level> levels = new ArrayList<>();
		for (int i = 0; i < open.path("stages").size(); i++) {
			JsonNode stage = open.path("stages").path(i);
			levels.add(new Workload.Level(stage.path("rate").asInt(), duration(stage.path("ramp"), Duration.ZERO),
					new Termination.Hold(positive(stage.path("hold"), "/load/open/stages/" + i + "/hold", null))));
		}
		return new Workload.Open(levels, open.path("maxThreads").asInt());
	}

	/** The fault phases, each knob as the downstream takes it; a rate of 50% is 0.5. */
	private List<FaultPhase> faults(JsonNode faults, String pointer) {
		List<FaultPhase> result = new ArrayList<>();
		for (int i = 0; i < faults.size(); i++) {
			JsonNode phase = faults.path(i);
			String at = pointer + "/" + i;
			result.add(new FaultPhase(positive(phase.path("hold"), at + "/hold", null),
					phase.has("status") ? phase.path("status").asInt() : null,
					phase.has("rate") ? fraction(phase.path("rate"), at + "/rate", "a rate") : null,
					phase.has("stall") ? duration(phase.path("stall"), Duration.ZERO) : null));
		}
		return result;
	}

	private List<Scenario.Feeder> feeders(JsonNode feeders) {
		List<Scenario.Feeder> result = new ArrayList<>();
		for (int i = 0; i < feeders.size(); i++) {
			JsonNode feeder = feeders.path(i);
			String pointer = "/feeders/" + i + "/file";
			String name = feeder.path("file").asText();
			if (this.directory.isEmpty()) {
				throw error(pointer, "a built-in scenario cannot read feeder files");
			}
			Path file = this.directory.get().resolve(name).normalize();
			if (!Files.isRegularFile(file)) {
				throw error(pointer, "feeder file '" + name + "' does not exist: it is looked for at " + file
						+ ", next to the scenario file");
			}
			Optional<String> first;
			try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
				first = lines.findFirst();
			}
			catch (IOException | UncheckedIOException ex) {
				throw error(pointer,
						"feeder file '" + name + "' cannot be read (" + ex.getClass().getSimpleName() + ")");
			}
			if (first.isEmpty()) {
				throw error(pointer, "feeder file '" + name + "' is empty: it must start with a header row of variable"
						+ " names, as id,name");
			}
			List<String> header = columns(first.get());
			if (header.stream().anyMatch((column) -> !column.matches("[A-Za-z_][A-Za-z0-9_]*"))) {
				throw error(pointer, "feeder file '" + name + "' must start with a header row of variable names, as"
						+ " id,name; its first line is '" + first.get().strip() + "'");
			}
			result.add(new Scenario.Feeder(file, header, feeder.path("recycle").asBoolean(true),
					feeder.path("random").asBoolean(false)));
		}
		return result;
	}

	/**
	 * A CSV header's names. Written here rather than with a CSV library: the header of a
	 * feeder is plain names (the check above refuses anything else), and JMeter parses
	 * the rows itself.
	 */
	private static List<String> columns(String header) {
		List<String> columns = new ArrayList<>();
		for (String column : header.replace("\uFEFF", "").split(",", -1)) {
			columns.add(column.strip());
		}
		return columns;
	}

	private List<Step> steps(JsonNode steps, String pointer, Set<String> defined) {
		List<Step> result = new ArrayList<>();
		for (int i = 0; i < steps.size(); i++) {
			JsonNode step = steps.path(i);
			String at = pointer + "/" + i;
			if (step.has("request")) {
				result.add(request(step.path("request"), at + "/request", defined));
			}
			else if (step.has("pause")) {
				result.add(pause(step.path("pause"), at + "/pause"));
			}
			else {
				JsonNode repeat = step.path("repeat");
				result.add(new Step.Repeat(repeat.path("times").asInt(),
						steps(repeat.path("steps"), at + "/repeat/steps", defined)));
			}
		}
		return result;
	}

	private Step.Request request(JsonNode request, String pointer, Set<String> defined) {
		String path = request.path("path").asText();
		checkReferences(pointer + "/path", path, defined);
		Map<String, String> headers = new LinkedHashMap<>();
		request.path("headers").properties().forEach((entry) -> {
			String value = entry.getValue().asText();
			checkReferences(pointer + "/headers/" + YamlTree.escape(entry.getKey()), value, defined);
			headers.put(entry.getKey(), value);
		});
		Optional<Step.BasicAuth> basicAuth = Optional.empty();
		if (request.has("basicAuth")) {
			String username = request.path("basicAuth").path("username").asText();
			String password = request.path("basicAuth").path("password").asText();
			checkReferences(pointer + "/basicAuth/username", username, defined);
			checkReferences(pointer + "/basicAuth/password", password, defined);
			basicAuth = Optional.of(new Step.BasicAuth(username, password));
		}
		if (request.has("body") && request.has("json")) {
			throw error(pointer + "/json", "give 'body' or 'json', not both");
		}
		Optional<String> body = Optional.empty();
		if (request.has("body")) {
			body = Optional.of(request.path("body").asText());
		}
		else if (request.has("json")) {
			body = Optional.of(request.path("json").toString());
		}
		if (request.has("body")) {
			checkReferences(pointer + "/body", body.get(), defined);
		}
		else if (request.has("json")) {
			checkJsonReferences(request.path("json"), pointer + "/json", defined);
		}
		List<Step.Check> checks = new ArrayList<>();
		for (int i = 0; i < request.path("checks").size(); i++) {
			checks.add(check(request.path("checks").path(i), pointer + "/checks/" + i, defined));
		}
		List<Step.Extraction> extractions = new ArrayList<>();
		for (int i = 0; i < request.path("extract").size(); i++) {
			JsonNode extract = request.path("extract").path(i);
			String at = pointer + "/extract/" + i;
			Step.Extraction extraction;
			String variable = extract.path("variable").asText();
			String fallback = extract.path("default").asText("");
			if (extract.has("header")) {
				extraction = new Step.Extraction(variable, Step.Extraction.Source.HEADER,
						extract.path("header").asText(), fallback);
			}
			else if (extract.has("jsonPath")) {
				extraction = new Step.Extraction(variable, Step.Extraction.Source.JSON_PATH,
						jsonPath(extract.path("jsonPath").asText(), at + "/jsonPath"), fallback);
			}
			else {
				String regex = regex(extract.path("regex").asText(), at + "/regex");
				if (Pattern.compile(regex).matcher("").groupCount() < 1) {
					throw error(at + "/regex",
							"the regex '" + regex + "' has no group: put the value to extract in (...)");
				}
				extraction = new Step.Extraction(variable, Step.Extraction.Source.REGEX, regex, fallback);
			}
			extractions.add(extraction);
		}
		// Extracted values exist for the steps after this one, not for this request's own
		// fields.
		extractions.forEach((extraction) -> defined.add(extraction.variable()));
		return new Step.Request(request.path("label").asText(), request.path("method").asText("GET"), path, headers,
				basicAuth, body, request.path("status").asInt(200), duration(request.path("floor"), Duration.ZERO),
				checks, extractions, request.path("stopOnFailure").asBoolean(false));
	}

	/** Each text of a JSON body on its own, so that a reference's line is its own. */
	private void checkJsonReferences(JsonNode json, String pointer, Set<String> defined) {
		if (json.isTextual()) {
			checkReferences(pointer, json.asText(), defined);
		}
		else if (json.isObject()) {
			json.properties()
				.forEach((entry) -> checkJsonReferences(entry.getValue(),
						pointer + "/" + YamlTree.escape(entry.getKey()), defined));
		}
		else {
			for (int i = 0; i < json.size(); i++) {
				checkJsonReferences(json.path(i), pointer + "/" + i, defined);
			}
		}
	}

	private Step.Check check(JsonNode check, String pointer, Set<String> defined) {
		if (check.has("equals") && !check.has("jsonPath")) {
			throw error(pointer + "/equals", "'equals' goes with 'jsonPath'");
		}
		if (check.has("contains")) {
			checkReferences(pointer + "/contains", check.path("contains").asText(), defined);
			return new Step.Check.Contains(check.path("contains").asText());
		}
		if (check.has("regex")) {
			return new Step.Check.Regex(regex(check.path("regex").asText(), pointer + "/regex"));
		}
		Optional<Object> equalTo = Optional.empty();
		JsonNode equals = check.path("equals");
		if (equals.isTextual()) {
			checkReferences(pointer + "/equals", equals.asText(), defined);
			equalTo = Optional.of(equals.asText());
		}
		else if (equals.isIntegralNumber()) {
			equalTo = Optional.of(equals.asLong());
		}
		else if (equals.isNumber()) {
			equalTo = Optional.of(equals.asDouble());
		}
		else if (equals.isBoolean()) {
			equalTo = Optional.of(equals.asBoolean());
		}
		return new Step.Check.JsonPath(jsonPath(check.path("jsonPath").asText(), pointer + "/jsonPath"), equalTo);
	}

	private String regex(String regex, String pointer) {
		try {
			Pattern.compile(regex);
			return regex;
		}
		catch (PatternSyntaxException ex) {
			// '$' and '{' are regex syntax: a ${name} here is a pattern, and rarely a
			// valid one.
			String hint = regex.contains("${") ? " (a regex takes no ${...} references)" : "";
			throw error(pointer, "'" + regex + "' is not a regular expression: " + ex.getDescription() + hint);
		}
	}

	private String jsonPath(String path, String pointer) {
		try {
			com.jayway.jsonpath.JsonPath.compile(path);
			return path;
		}
		catch (RuntimeException ex) {
			String reason = String.valueOf(ex.getMessage()).lines().findFirst().orElse("").strip();
			throw error(pointer, "'" + path + "' is not a JSONPath: " + reason);
		}
	}

	private List<Assertion> assertions(JsonNode assertions, Set<String> labels) {
		List<Assertion> result = new ArrayList<>();
		for (int i = 0; i < assertions.size(); i++) {
			JsonNode assertion = assertions.path(i);
			String pointer = "/assertions/" + i;
			Optional<String> label = assertion.has("label") ? Optional.of(assertion.path("label").asText())
					: Optional.empty();
			if (label.isPresent() && !labels.contains(label.get())) {
				throw error(pointer + "/label",
						"no request is labelled '" + label.get() + "'; labels: " + String.join(", ", labels));
			}
			List<String> kinds = new ArrayList<>();
			assertion.fieldNames().forEachRemaining((name) -> {
				if (!name.equals("label")) {
					kinds.add(name);
				}
			});
			if (kinds.isEmpty()) {
				throw error(pointer, SchemaMessages.name(pointer)
						+ " states no criterion: give one, as p95Below: 300ms, besides its label");
			}
			if (kinds.size() > 1) {
				throw error(pointer + "/" + kinds.get(1), SchemaMessages.name(pointer) + " states " + kinds.size()
						+ " criteria (" + String.join(", ", kinds) + "): give each its own item, as - p95Below: 300ms");
			}
			String kind = kinds.getFirst();
			JsonNode value = assertion.path(kind);
			String at = pointer + "/" + kind;
			result.add(switch (kind) {
				case "errorsBelow" -> new Assertion.ErrorsBelow(value.asLong(), label);
				case "errorRateBelow" -> new Assertion.ErrorRateBelow(fraction(value, at, "an error rate"), label);
				case "throughputAtLeast" -> new Assertion.ThroughputAtLeast(value.asDouble(), label);
				default -> new Assertion.PercentileBelow(percentile(kind), positive(value, at, null), label);
			});
		}
		return result;
	}

	/**
	 * Reads a share from 0 to 1, given as a number or a percentage.
	 * @param what the share, as the message names it: an error rate
	 */
	private double fraction(JsonNode value, String pointer, String what) {
		if (value.isNumber()) {
			return value.asDouble();
		}
		double percent = Double.parseDouble(value.asText().replace("%", ""));
		if (percent > 100) {
			throw error(pointer,
					SchemaMessages.name(pointer) + " is " + value.asText() + ", but " + what + " is at most 100%");
		}
		return percent / 100;
	}

	private static double percentile(String kind) {
		String digits = kind.substring(1, kind.length() - "Below".length());
		return digits.equals("999") ? 99.9 : Double.parseDouble(digits);
	}

	private void labelsUnique(List<Step> steps, Map<String, String> labels, String pointer) {
		for (int i = 0; i < steps.size(); i++) {
			switch (steps.get(i)) {
				case Step.Request request -> {
					String at = pointer + "/" + i + "/request/label";
					String first = labels.putIfAbsent(request.label(), at);
					if (first != null) {
						throw error(at, "the label '" + request.label() + "' is used twice (first on line "
								+ this.tree.lineOf(first) + "): the report compares targets label by label, so each"
								+ " request needs its own");
					}
				}
				case Step.Repeat repeat -> labelsUnique(repeat.steps(), labels, pointer + "/" + i + "/repeat/steps");
				case Step.Pause pause -> {
				}
			}
		}
	}

	private void checkReferences(String pointer, String text, Set<String> defined) {
		Matcher matcher = REFERENCE.matcher(text);
		while (matcher.find()) {
			String name = matcher.group(1);
			if (name.startsWith("__")) {
				continue;
			}
			if (name.startsWith(ENV)) {
				String variable = name.substring(ENV.length());
				if (!this.environment.containsKey(variable)) {
					throw error(pointer,
							"${" + name + "} refers to the environment variable " + variable + ", which is not set");
				}
				continue;
			}
			if (defined.contains(name)) {
				continue;
			}
			String extractor = this.extractedBy.get(name);
			if (extractor != null && pointer.startsWith(extractor + "/")) {
				throw error(pointer, "${" + name + "} is extracted from this request's own answer, so it exists only"
						+ " in the steps after this one");
			}
			if (extractor != null) {
				throw error(pointer, "${" + name + "} is used before the request that extracts it (line "
						+ this.tree.lineOf(extractor) + "): move that request before this step");
			}
			List<String> known = defined.stream().sorted().toList();
			throw error(pointer,
					"${" + name + "} is not defined: define it under variables, as a feeder column, "
							+ "or extract it in an earlier step"
							+ (known.isEmpty() ? "" : " (defined: " + String.join(", ", known) + ")"));
		}
	}

	/**
	 * Every variable the journey extracts, repeats included, with the request that
	 * extracts it.
	 */
	private void findExtractions(JsonNode steps, String pointer) {
		for (int i = 0; i < steps.size(); i++) {
			String at = pointer + "/" + i;
			steps.path(i)
				.path("request")
				.path("extract")
				.forEach((extract) -> this.extractedBy.putIfAbsent(extract.path("variable").asText(), at + "/request"));
			findExtractions(steps.path(i).path("repeat").path("steps"), at + "/repeat/steps");
		}
	}

	private Step.Pause pause(JsonNode pause, String pointer) {
		if (pause.isMissingNode()) {
			return Step.Pause.NONE;
		}
		if (pause.isTextual()) {
			Duration fixed = duration(pause, Duration.ZERO);
			return new Step.Pause(fixed, fixed);
		}
		Duration min = duration(pause.path("min"), Duration.ZERO);
		Duration max = duration(pause.path("max"), Duration.ZERO);
		if (max.compareTo(min) < 0) {
			throw error(pointer + "/max", SchemaMessages.name(pointer) + " has a max (" + Durations.format(max)
					+ ") below its min (" + Durations.format(min) + ")");
		}
		return new Step.Pause(min, max);
	}

	private static Duration duration(JsonNode node, Duration fallback) {
		return node.isMissingNode() ? fallback : Durations.parse(node.asText()).orElseThrow();
	}

	private Duration positive(JsonNode node, String pointer, Duration fallback) {
		if (node.isMissingNode()) {
			return fallback;
		}
		Duration duration = duration(node, Duration.ZERO);
		if (duration.isZero()) {
			throw error(pointer, SchemaMessages.name(pointer) + " is 0s, but must be longer");
		}
		return duration;
	}

	private static JsonSchema loadSchema() {
		try (InputStream in = ScenarioReader.class.getResourceAsStream(SCHEMA)) {
			if (in == null) {
				throw new IllegalStateException("The scenario schema is missing from the classpath: " + SCHEMA);
			}
			JsonNode schema = new ObjectMapper().readTree(in);
			SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();
			return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema, config);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read the scenario schema", ex);
		}
	}

	/**
	 * The scenario schema's own definitions, with the faults' list in place of a
	 * scenario: one definition, so a faults file and a scenario's {@code faults:} say the
	 * same things wrong.
	 */
	private static JsonSchema faultsSchema() {
		ObjectNode schema = JsonNodeFactory.instance.objectNode();
		schema.set("$schema", SCHEMA_VALIDATOR.getSchemaNode().path("$schema"));
		schema.set("$defs", SCHEMA_VALIDATOR.getSchemaNode().path("$defs"));
		schema.put("$ref", "#/$defs/faults");
		SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().pathType(PathType.JSON_POINTER).build();
		return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema, config);
	}

	/** The schema itself, for the messages that name what a place allows. */
	static JsonNode schemaNode() {
		return SCHEMA_VALIDATOR.getSchemaNode();
	}

}
