package dev.fluxbench.assess.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.project.Dependency;
import dev.fluxbench.assess.source.SourceFile;

/**
 * A rule that fires where code uses a family of types, one finding per file at its first
 * use; or, when no file of the module uses them, where the tree brings the family's
 * library in, since Spring Boot auto-configures what is on the class path.
 *
 * <p>
 * In a module that is already a WebFlux application, a blocking use is a note rather than
 * a blocker where it is handed to a Reactor scheduler or only wired as a bean, and a
 * library in the tree is a note: that is how the thesis' WebFlux variant kept its LDAP
 * bind.
 */
final class UsageRule extends BaseRule {

	private final List<Family> families;

	private final boolean offloadable;

	private final BiPredicate<ModuleContext, SourceFile> accepts;

	UsageRule(RuleInfo info, boolean offloadable, List<Family> families) {
		this(info, offloadable, families, (module, file) -> true);
	}

	/**
	 * Creates a rule that fires where a file uses one of the given families.
	 * @param accepts a further condition on a file, for rules that need more than a type
	 */
	UsageRule(RuleInfo info, boolean offloadable, List<Family> families,
			BiPredicate<ModuleContext, SourceFile> accepts) {
		super(info);
		this.families = List.copyOf(families);
		this.offloadable = offloadable;
		this.accepts = accepts;
	}

	@Override
	public List<Finding> apply(ModuleContext module) {
		List<Finding> findings = new ArrayList<>();
		for (SourceFile file : module.sources()) {
			List<SourceFile.TypeUse> uses = file.typeUses()
				.stream()
				.filter((use) -> family(use.type()).isPresent())
				.toList();
			if (uses.isEmpty() || !this.accepts.test(module, file)) {
				continue;
			}
			SourceFile.TypeUse first = uses.get(0);
			Family family = family(first.type()).orElseThrow();
			String evidence = family.label() + ": "
					+ few(uses.stream().map((use) -> Types.simpleName(use.type())).toList());
			Location location = Location.file(file.path(), first.line());
			if (this.offloadable && module.reactive() && (module.offloaded(file) || ModuleContext.wiring(file))) {
				findings.add(finding(module, location, evidence, Severity.NOTE, Effort.NONE,
						(module.offloaded(file) ? "Already handed to a Reactor scheduler" : "Only wired as a bean here")
								+ " in a WebFlux application: keep its calls off the event loop (BlockHound in"
								+ " the tests proves it).",
						family.replacement(), family.replacementExists()));
				continue;
			}
			findings.add(finding(module, location, evidence, info().severity(), info().effort(), family.action(),
					family.replacement(), family.replacementExists()));
		}
		if (!findings.isEmpty()) {
			return findings;
		}
		for (Family family : this.families) {
			Optional<Dependency> library = module.dependencies()
				.stream()
				.filter((dependency) -> family.artifacts().contains(dependency.key())
						|| family.artifacts().contains(dependency.groupId() + ":*"))
				.findFirst();
			if (library.isEmpty()) {
				continue;
			}
			Dependency dependency = library.get();
			String evidence = family.label() + ": " + dependency.artifactId() + " " + dependency.version()
					+ (dependency.direct() ? "" : ", brought by " + dependency.path().get(1));
			if (module.reactive() && this.offloadable) {
				findings.add(finding(module, module.location(dependency), evidence, Severity.NOTE, Effort.NONE,
						"In the tree of a WebFlux application: make sure its calls run on a scheduler, never on"
								+ " the event loop.",
						family.replacement(), family.replacementExists()));
			}
			else {
				findings.add(finding(module, module.location(dependency), evidence, info().severity(), info().effort(),
						family.action(), family.replacement(), family.replacementExists()));
			}
		}
		return findings;
	}

	private Optional<Family> family(String type) {
		return this.families.stream().filter((family) -> Types.matches(type, family.types())).findFirst();
	}

	/**
	 * Types and artifacts that call for the same advice.
	 *
	 * @param label what they are, in a few words
	 * @param types qualified names or package prefixes
	 * @param artifacts group:artifact of the libraries that bring them
	 * @param replacement what to use instead, or null
	 * @param replacementExists whether it exists
	 * @param action what to do
	 */
	record Family(String label, List<String> types, List<String> artifacts, String replacement,
			boolean replacementExists, String action) {

	}

}
