"""The class store (issue 18): what every page's kernel of one class shares, without widgets
and without words: classes and their join codes, students, the teacher's moment, questions
and answers, games between students, each student's progress and every learner's puzzle
progress. Refusals are StoreErrors
with a machine ``reason``; the app writes the sentences.
"""

from .records import (
                      REASONS,
                      DuelInfo,
                      Mark,
                      Moment,
                      Progress,
                      Question,
                      Standing,
                      Started,
                      StoreError,
                      Student,
)
from .schema import SCHEMA_VERSION, default_url
from .store import ClassStore, clean_name

__all__ = ["REASONS", "SCHEMA_VERSION", "ClassStore", "DuelInfo", "Mark", "Moment", "Progress",
           "Question", "Standing", "Started", "StoreError", "Student", "clean_name", "default_url"]
