package dev.fluxbench.harness.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class CompilerCpuTests {

	@Test
	void compilerThreadsShouldBeSummedAndEveryOtherThreadLeftOut(@TempDir Path tasks) throws IOException {
		thread(tasks, 11, "C2 CompilerThre", 300, 20);
		thread(tasks, 12, "C1 CompilerThre", 50, 30);
		thread(tasks, 13, "http-nio-8080-e", 5000, 700);
		assertThat(new CompilerCpu(tasks).seconds()).hasValue(4.0);
	}

	@Test
	void compilerThreadWhenEndedShouldKeepTheTimeItLastShowed(@TempDir Path tasks) throws IOException {
		CompilerCpu compiler = new CompilerCpu(tasks);
		thread(tasks, 11, "C2 CompilerThre", 100, 0);
		thread(tasks, 14, "C2 CompilerThre", 100, 0);
		assertThat(compiler.seconds()).hasValue(2.0);
		deleteThread(tasks, 14);
		thread(tasks, 11, "C2 CompilerThre", 150, 0);
		assertThat(compiler.seconds()).hasValue(2.5);
	}

	@Test
	void readingWhenTheProcessHasNoCompilerThreadsOrNoProcShouldBeAbsent(@TempDir Path tasks) throws IOException {
		thread(tasks, 21, "redis-server", 100, 0);
		assertThat(new CompilerCpu(tasks).seconds()).isEmpty();
		assertThat(new CompilerCpu(tasks.resolve("gone")).seconds()).isEmpty();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void thisJvmsCompilerThreadsShouldBeFoundInProc() {
		assertThat(new CompilerCpu(ProcessHandle.current().pid()).seconds()).isPresent();
	}

	/** A /proc/PID/task/TID/stat as Linux writes it, with utime and stime in ticks. */
	private static void thread(Path tasks, int tid, String name, long utime, long stime) throws IOException {
		Path directory = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
		Files.writeString(directory.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194368 0 0 0 0 " + utime + " "
				+ stime + " 0 0 20 0 30 0 99 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 -1 0\n");
	}

	private static void deleteThread(Path tasks, int tid) throws IOException {
		Path directory = tasks.resolve(Integer.toString(tid));
		Files.delete(directory.resolve("stat"));
		Files.delete(directory);
	}

}
